// Emeka's submission: a JavaScript program. (Wrong: when he draws a card that matches, he
// plays it in the same turn and prints that card instead of DRAW.)
const input = require("fs").readFileSync(0, "utf8").trim().split(/\s+/);
const hands = [input.slice(0, 5), input.slice(5, 10), input.slice(10, 15)];
let top = input[15];
const pile = input.slice(16);
console.log("0: " + top);

const rank = (c) => "RYGB".indexOf(c[0]);
const matches = (c) => c[0] === top[0] || c[1] === top[1];

let passes = 0;
let p = 0;
while (true) {
  const hand = hands[p];
  const byColour = hand.filter((c) => c[0] === top[0]).sort((a, b) => a[1] - b[1]);
  const byNumber = hand.filter((c) => c[1] === top[1]).sort((a, b) => rank(a) - rank(b));
  let card = null;
  if (byNumber.length > byColour.length) card = byNumber[0];
  else if (byColour.length > 0) card = byColour[0];
  if (card === null && pile.length > 0) {
    const drawn = pile.shift();
    passes = 0;
    if (matches(drawn)) {
      card = drawn;
      hand.push(drawn);
    } else {
      hand.push(drawn);
      console.log(`${p + 1}: DRAW`);
      p = (p + 1) % 3;
      continue;
    }
  }
  if (card === null) {
    console.log(`${p + 1}: DRAW`);
    passes += 1;
    if (passes === 3) {
      console.log("NO WINNER");
      break;
    }
  } else {
    hand.splice(hand.indexOf(card), 1);
    top = card;
    passes = 0;
    if (hand.length === 0) {
      console.log(`${p + 1}: ${card} (WINNER)`);
      break;
    }
    console.log(`${p + 1}: ${card}`);
  }
  p = (p + 1) % 3;
}
