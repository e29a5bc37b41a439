import System.Environment (getArgs)
import Helpers

wildDrawFour, wildCard, wonMarker :: Card
wildDrawFour = ('w', 'd')
wildCard = ('w', '-')
wonMarker = ('-', '-')

isColourMarker :: Card -> Bool
isColourMarker (colour, symbol) = symbol == '-' && colour `elem` "rgby"

isDrawTwo :: Card -> Bool
isDrawTwo (colour, symbol) = symbol == 'd' && colour /= 'w'

-- The marker put in front of a wild: the colour of the first non-wild card left.
markerFor :: [Card] -> Card
markerFor [] = wonMarker
markerFor hand = case [colour | (colour, _) <- hand, colour /= 'w'] of
  (colour : _) -> (colour, '-')
  [] -> ('r', '-')

-- Cards owed, counted from the top of the discard pile.
owed :: [Card] -> Int
owed (mark : card : rest)
  | isColourMarker mark && card == wildDrawFour = 4 + owed rest
owed (card : rest)
  | card == wildDrawFour = 4 + owed rest
  | isDrawTwo card = 2 + owed rest
owed _ = 0

pick :: (Card -> Bool) -> [Card] -> Maybe (Card, [Card])
pick wanted hand = case break wanted hand of
  (before, card : after) -> Just (card, before ++ after)
  _ -> Nothing

type Move = ([Card], [Card], [Card], Maybe Card)

-- One turn, or Nothing when the player can do nothing at all.
turn :: [Card] -> [Card] -> [Card] -> Maybe Move
turn discard deck hand
  | null hand || take 1 discard == [wonMarker] = Nothing
turn discard@(top : below) deck hand
  | fourWaiting || top == wildDrawFour = case pick (== wildDrawFour) hand of
      Just (card, left) -> Just (left, deck, markerFor left : card : discard, Just card)
      Nothing
        | top == wildDrawFour -> Nothing
        | otherwise -> pay top
  | isDrawTwo top = case pick isDrawTwo hand of
      Just (card, left) -> Just (left, deck, card : discard, Just card)
      Nothing -> pay (fst top, '-')
  | Just (card, left) <- pick ((== fst top) . fst) hand =
      Just (left, deck, card : discard, Just card)
  where
    fourWaiting = isColourMarker top && take 1 below == [wildDrawFour]
    pay mark =
      let n = owed discard
       in Just (hand ++ take n deck, drop n deck, mark : discard, Nothing)
turn discard deck hand
  | Just (card, left) <- pick (== wildDrawFour) hand =
      Just (left, deck, markerFor left : card : discard, Just card)
  | (top : _) <- discard
  , Just (card, left) <- pick ((== snd top) . snd) hand =
      Just (left, deck, card : discard, Just card)
  | Just (card, left) <- pick (== wildCard) hand =
      Just (left, deck, markerFor left : card : discard, Just card)
  | (next : rest) <- deck = Just (hand ++ [next], rest, discard, Nothing)
  | otherwise = Nothing

onePlayerOneMove :: [Card] -> [Card] -> [Card] -> ([Card], [Card], [Card])
onePlayerOneMove discard deck hand = case turn discard deck hand of
  Just (hand', deck', discard', _) -> (hand', deck', discard')
  Nothing -> (hand, deck, discard)

-- Who plays next, and in which direction (1 up, -1 down), after a card (or none) was played.
following :: Int -> Int -> Int -> Maybe Card -> (Int, Int)
following players player direction played = case fmap snd played of
  Just 'r' -> ((player - direction) `mod` players, negate direction)
  Just 's' -> ((player + 2 * direction) `mod` players, direction)
  _ -> ((player + direction) `mod` players, direction)

gameWon :: [[Card]] -> [Card] -> Bool
gameWon hands discard = any null hands || take 1 discard == [wonMarker]

replaceAt :: Int -> a -> [a] -> [a]
replaceAt k x xs = take k xs ++ [x] ++ drop (k + 1) xs

manyPlayersManyMoves :: [Card] -> [Card] -> [[Card]] -> ([[Card]], [Card], [Card])
manyPlayersManyMoves discard deck hands
  | null hands = (hands, deck, discard)
  | otherwise = go 0 1 hands deck discard
  where
    players = length hands
    go player direction hs dk dc
      | gameWon hs dc = (hs, dk, dc)
      | otherwise = case turn dc dk (hs !! player) of
          Nothing -> (hs, dk, dc)
          Just (hand, dk', dc', played) ->
            let (next, dir) = following players player direction played
             in go next dir (replaceAt player hand hs) dk' dc'

main :: IO ()
main = do
  (path : _) <- getArgs
  (hands, deck, discard) <- readUnoFile path
  let (hands', deck', discard') = manyPlayersManyMoves discard deck hands
  print "Result"
  printGame (hands', deck', discard')
