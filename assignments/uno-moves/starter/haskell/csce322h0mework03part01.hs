-- UNO moves, part 1: onePlayerOneMove (the assignment page has the rules).
--
-- Build and run it as the grader does:
--   ghc -o part01 csce322h0mework03part01.hs
--   ./part01 game.uno
-- Helpers.hs (the course's, or your own changed copy) reads the .uno file and prints the
-- result. A card is a (colour, symbol) pair: ('g','6'), ('r','d') a Draw 2, ('w','d') a
-- Wild Draw 4, ('w','-') a Wild, ('b','-') a colour marker. The left-most card of the
-- discard pile was played last; the left-most card of the deck is drawn next.
import Helpers
import System.Environment (getArgs)

-- | One turn of the player holding hand: the first of the rules 1-7 that applies.
-- Not written yet: it returns the game unchanged.
onePlayerOneMove :: [Card] -> [Card] -> [Card] -> ([Card], [Card], [Card])
onePlayerOneMove discard deck hand = (hand, deck, discard)

main :: IO ()
main = do
  (path : _) <- getArgs
  (hands, deck, discard) <- readUnoFile path
  let (hand', deck', discard') = onePlayerOneMove discard deck (head hands)
  print "Result"
  printGame ([hand'], deck', discard')
