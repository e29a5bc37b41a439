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
  | isDrawTwo top = case pick (\card -> isDrawTwo card && fst card == fst top) hand of
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

main :: IO ()
main = do
  (path : _) <- getArgs
  (hands, deck, discard) <- readUnoFile path
  let (hand, deck', discard') = onePlayerOneMove discard deck (head hands)
  print "Result"
  printGame ([hand], deck', discard')
