-- UNO moves, part 2: onePlayerManyMoves (the assignment page has the rules).
--
-- Build and run it as the grader does:
--   ghc -o part02 csce322h0mework03part02.hs
--   ./part02 game.uno
-- Helpers.hs (the course's, or your own changed copy) reads the .uno file and prints the
-- result. A card is a (colour, symbol) pair: ('g','6'), ('r','d') a Draw 2, ('w','d') a
-- Wild Draw 4, ('w','-') a Wild, ('b','-') a colour marker. The left-most card of the
-- discard pile was played last; the left-most card of the deck is drawn next.
import Helpers
import System.Environment (getArgs)

-- | Turns of one player until the hand is empty or the player can do nothing.
-- Not written yet: it returns the game unchanged.
onePlayerManyMoves :: [Card] -> [Card] -> [Card] -> ([Card], [Card], [Card])
onePlayerManyMoves discard deck hand = (hand, deck, discard)

main :: IO ()
main = do
  (path : _) <- getArgs
  (hands, deck, discard) <- readUnoFile path
  let (hand', deck', discard') = onePlayerManyMoves discard deck (head hands)
  print "Result"
  printGame ([hand'], deck', discard')
