-- Helpers for the UNO homework: read a game from a .uno file, print a game.
--
-- A .uno file holds one Haskell value of the type Game below: the hands, the deck and the
-- discard pile, in that order. The left-most card of the discard pile was played last; the
-- left-most card of the deck is drawn next.
module Helpers
  ( Card
  , Game
  , readUnoFile
  , printGame
  , cardsText
  ) where

type Card = (Char, Char)

type Game = ([[Card]], [Card], [Card])

-- | The game stored in the file at this path (Haskell's own reader: any spacing is fine).
readUnoFile :: FilePath -> IO Game
readUnoFile path = do
  text <- readFile path
  readIO text

-- | Cards as one line: ('y','2') then ('g','d') is "[y2][gd]".
cardsText :: [Card] -> String
cardsText = concatMap (\(colour, symbol) -> ['[', colour, symbol, ']'])

-- | Every line is printed with print, so each one appears in double quotes.
printGame :: Game -> IO ()
printGame (hands, deck, discard) = do
  print "Hands"
  mapM_ (print . cardsText) hands
  print ""
  print "Discard"
  print (cardsText discard)
  print "Deck"
  print (cardsText deck)
