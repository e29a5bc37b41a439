-- UNO moves, part 3: manyPlayersOneMove (the assignment page has the rules).
--
-- Build and run it as the grader does:
--   ghc -o part03 csce322h0mework03part03.hs
--   ./part03 game.uno
-- Helpers.hs (the course's, or your own changed copy) reads the .uno file and prints the
-- result. A card is a (colour, symbol) pair: ('g','6'), ('r','d') a Draw 2, ('w','d') a
-- Wild Draw 4, ('w','-') a Wild, ('b','-') a colour marker. The left-most card of the
-- discard pile was played last; the left-most card of the deck is drawn next.
import Helpers
import System.Environment (getArgs)

-- | n turns for n players: player 1 first, Reverse and Skip change who is next.
-- Not written yet: it returns the game unchanged.
manyPlayersOneMove :: [Card] -> [Card] -> [[Card]] -> ([[Card]], [Card], [Card])
manyPlayersOneMove discard deck hands = (hands, deck, discard)

main :: IO ()
main = do
  (path : _) <- getArgs
  (hands, deck, discard) <- readUnoFile path
  let (hands', deck', discard') = manyPlayersOneMove discard deck hands
  print "Result"
  printGame (hands', deck', discard')
