-- UNO moves, part 4: manyPlayersManyMoves (the assignment page has the rules).
--
-- Build and run it as the grader does:
--   ghc -o part04 csce322h0mework03part04.hs
--   ./part04 game.uno
-- Helpers.hs (the course's, or your own changed copy) reads the .uno file and prints the
-- result. A card is a (colour, symbol) pair: ('g','6'), ('r','d') a Draw 2, ('w','d') a
-- Wild Draw 4, ('w','-') a Wild, ('b','-') a colour marker. The left-most card of the
-- discard pile was played last; the left-most card of the deck is drawn next.
import Helpers
import System.Environment (getArgs)

-- | Turns until a hand is empty or the player whose turn it is cannot continue.
-- Not written yet: it returns the game unchanged.
manyPlayersManyMoves :: [Card] -> [Card] -> [[Card]] -> ([[Card]], [Card], [Card])
manyPlayersManyMoves discard deck hands = (hands, deck, discard)

main :: IO ()
main = do
  (path : _) <- getArgs
  (hands, deck, discard) <- readUnoFile path
  let (hands', deck', discard') = manyPlayersManyMoves discard deck hands
  print "Result"
  printGame (hands', deck', discard')
