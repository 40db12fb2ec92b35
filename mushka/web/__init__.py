"""The browser seat: a small page and one WebSocket served beside the SSH seats (`mushka host
--web`). The page draws the seat's whole offer, sent as JSON, and sends taps back as intents;
the table's rules are the live table's. Imported only when `--web` is asked for (websockets)."""
