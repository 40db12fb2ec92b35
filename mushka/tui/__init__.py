"""The terminal table: screens, keys, the hot-seat loop, seating, saves, replays and reports."""
