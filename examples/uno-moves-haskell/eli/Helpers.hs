-- My own copy of the course's Helpers.hs: I changed printGame to show the whole game at
-- once, which was easier to read while testing.
module Helpers
  ( Card
  , Game
  , readUnoFile
  , printGame
  ) where

type Card = (Char, Char)

type Game = ([[Card]], [Card], [Card])

readUnoFile :: FilePath -> IO Game
readUnoFile path = readFile path >>= readIO

printGame :: Game -> IO ()
printGame game = print game
