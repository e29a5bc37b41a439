// Chiara's submission: a JavaScript program for Node.js, deal on stdin. (Correct.)
const fs = require("fs");

const RAINBOW = "RYGB";
const cards = fs.readFileSync(0, "utf8").split(/\s+/).filter((t) => t.length > 0);
const hands = [cards.slice(0, 5), cards.slice(5, 10), cards.slice(10, 15)];
let top = cards[15];
const pile = cards.slice(16);
const out = ["0: " + top];

function choose(hand, top) {
  const colour = hand.filter((c) => c[0] === top[0]);
  const number = hand.filter((c) => c[1] === top[1]);
  if (number.length > colour.length) {
    return number.sort((a, b) => RAINBOW.indexOf(a[0]) - RAINBOW.indexOf(b[0]))[0];
  }
  if (colour.length > 0) {
    return colour.sort((a, b) => Number(a[1]) - Number(b[1]))[0];
  }
  return null;
}

let passes = 0;
for (let turn = 0; ; turn++) {
  const seat = turn % 3;
  const hand = hands[seat];
  const card = choose(hand, top);
  if (card === null) {
    out.push(`${seat + 1}: DRAW`);
    if (pile.length > 0) {
      hand.push(pile.shift());
      passes = 0;
    } else if (++passes === 3) {
      out.push("NO WINNER");
      break;
    }
  } else {
    hand.splice(hand.indexOf(card), 1);
    top = card;
    passes = 0;
    if (hand.length === 0) {
      out.push(`${seat + 1}: ${card} (WINNER)`);
      break;
    }
    out.push(`${seat + 1}: ${card}`);
  }
}
process.stdout.write(out.join("\n") + "\n");
