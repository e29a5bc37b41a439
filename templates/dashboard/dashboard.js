// Sortable tables: a header's button sorts the rows by that column (numbers as numbers,
// empty cells last whichever way), again to reverse; aria-sort says which way.
(function () {
  "use strict";
  function key(row, index, numeric) {
    var cell = row.cells[index];
    if (!cell) { return null; }
    var value = cell.hasAttribute("data-value") ? cell.getAttribute("data-value")
      : cell.textContent.trim();
    if (value === "") { return null; }
    if (!numeric) { return value.toLowerCase(); }
    var number = Number(value);
    return isNaN(number) ? null : number;
  }
  function sortBy(table, th, index) {
    var ascending = th.getAttribute("aria-sort") !== "ascending";
    var numeric = th.getAttribute("data-type") === "number";
    var headers = table.tHead.rows[0].cells;
    for (var h = 0; h < headers.length; h++) { headers[h].removeAttribute("aria-sort"); }
    th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows).map(function (row, position) {
      return { row: row, key: key(row, index, numeric), position: position };
    });
    rows.sort(function (a, b) {
      if (a.key === null || b.key === null) {
        if (a.key === b.key) { return a.position - b.position; }
        return a.key === null ? 1 : -1;
      }
      var order = numeric ? a.key - b.key : a.key.localeCompare(b.key);
      if (order === 0) { return a.position - b.position; }
      return ascending ? order : -order;
    });
    rows.forEach(function (item) { body.appendChild(item.row); });
  }
  var tables = document.querySelectorAll("table.sortable");
  Array.prototype.forEach.call(tables, function (table) {
    var headers = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(headers, function (th, index) {
      var button = th.querySelector("button");
      if (button) { button.addEventListener("click", function () { sortBy(table, th, index); }); }
    });
  });
})();
