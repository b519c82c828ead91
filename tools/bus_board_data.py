"""Our own London board for the bus tour: every hand decision in one readable table.

Places sit roughly where they are on a map of central London (north up) on a 1920×1080 board, the Thames
between its banks; routes join neighbours without crossing; colours are balanced by total spaces
(docs/bus-board.md has the figures); ticket values are the fewest spaces between their two places.
"""

from __future__ import annotations

PLACES: dict[str, tuple[float, float]] = {
    "Notting Hill": (160, 420), "Paddington": (330, 300), "Baker Street": (540, 250), "Regent's Park": (650, 130),
    "Camden Town": (840, 80), "King's Cross": (1010, 180), "Angel": (1220, 130), "Shoreditch": (1500, 260),
    "Barbican": (1250, 340), "British Museum": (880, 330), "Marble Arch": (410, 440), "Oxford Circus": (650, 420),
    "Soho": (780, 500), "Covent Garden": (950, 520), "St Paul's": (1200, 510), "Tower of London": (1500, 590),
    "Hyde Park Corner": (430, 630), "Piccadilly Circus": (700, 610), "Trafalgar Square": (860, 680),
    "Buckingham Palace": (560, 760), "South Kensington": (210, 760), "Westminster": (800, 850),
    "Waterloo": (1010, 820), "London Bridge": (1300, 790), "Tower Bridge": (1580, 820), "Borough Market": (1230, 930),
    "Elephant & Castle": (1060, 1000), "Chelsea": (380, 960),
}

# (a, b, spaces, colour); a double route is two rows with the same two places.
ROUTES: list[tuple[str, str, int, str]] = [
    ("Notting Hill", "Paddington", 2, "blue"),
    ("Notting Hill", "Marble Arch", 3, "yellow"),
    ("Notting Hill", "South Kensington", 3, "green"),
    ("Paddington", "Baker Street", 2, "grey"),
    ("Paddington", "Marble Arch", 2, "pink"),
    ("Baker Street", "Regent's Park", 1, "orange"),
    ("Baker Street", "Oxford Circus", 2, "black"),
    ("Baker Street", "Oxford Circus", 2, "yellow"),
    ("Regent's Park", "Camden Town", 2, "green"),
    ("Camden Town", "King's Cross", 2, "pink"),
    ("King's Cross", "Angel", 2, "blue"),
    ("King's Cross", "Angel", 2, "orange"),
    ("Angel", "Shoreditch", 3, "orange"),
    ("Angel", "Barbican", 2, "yellow"),
    ("King's Cross", "British Museum", 2, "grey"),
    ("British Museum", "Oxford Circus", 2, "yellow"),
    ("British Museum", "Covent Garden", 2, "black"),
    ("British Museum", "Barbican", 4, "green"),
    ("Barbican", "Shoreditch", 2, "grey"),
    ("Barbican", "St Paul's", 1, "pink"),
    ("Barbican", "St Paul's", 1, "blue"),
    ("Shoreditch", "Tower of London", 3, "orange"),
    ("St Paul's", "Tower of London", 3, "blue"),
    ("Covent Garden", "St Paul's", 3, "grey"),
    ("Oxford Circus", "Soho", 1, "blue"),
    ("Soho", "Covent Garden", 1, "green"),
    ("Soho", "Covent Garden", 1, "orange"),
    ("Oxford Circus", "Marble Arch", 2, "orange"),
    ("Marble Arch", "Hyde Park Corner", 2, "green"),
    ("Oxford Circus", "Piccadilly Circus", 2, "pink"),
    ("Oxford Circus", "Piccadilly Circus", 2, "blue"),
    ("Soho", "Piccadilly Circus", 1, "yellow"),
    ("Piccadilly Circus", "Trafalgar Square", 1, "grey"),
    ("Covent Garden", "Trafalgar Square", 2, "black"),
    ("Piccadilly Circus", "Hyde Park Corner", 3, "black"),
    ("Hyde Park Corner", "Buckingham Palace", 1, "yellow"),
    ("Hyde Park Corner", "South Kensington", 2, "yellow"),
    ("Buckingham Palace", "Trafalgar Square", 3, "blue"),
    ("Buckingham Palace", "Westminster", 2, "orange"),
    ("Trafalgar Square", "Westminster", 2, "pink"),
    ("South Kensington", "Chelsea", 2, "yellow"),
    ("Chelsea", "Westminster", 4, "pink"),
    ("Westminster", "Waterloo", 2, "black"),
    ("Westminster", "Waterloo", 2, "green"),
    ("Trafalgar Square", "Waterloo", 2, "pink"),
    ("Waterloo", "Elephant & Castle", 2, "green"),
    ("Waterloo", "London Bridge", 3, "black"),
    ("Elephant & Castle", "Borough Market", 2, "grey"),
    ("Borough Market", "London Bridge", 1, "pink"),
    ("Borough Market", "London Bridge", 1, "green"),
    ("London Bridge", "Tower Bridge", 2, "yellow"),
    ("London Bridge", "St Paul's", 2, "orange"),
    ("Tower Bridge", "Tower of London", 1, "grey"),
    ("Tower Bridge", "Borough Market", 3, "black"),
    ("Westminster", "Elephant & Castle", 3, "pink"),
    ("Chelsea", "Buckingham Palace", 3, "blue"),
]

DISTRICTS: list[tuple[str, list[str]]] = [
    ("West End", ["Soho", "Covent Garden", "Piccadilly Circus"]),
    ("Westminster", ["Westminster", "Trafalgar Square", "Buckingham Palace"]),
    ("The City", ["St Paul's", "Barbican", "Tower of London"]),
    ("South Bank", ["Waterloo", "London Bridge", "Borough Market"]),
    ("Kensington", ["South Kensington", "Hyde Park Corner"]),
    ("North London", ["Camden Town", "King's Cross", "Regent's Park", "Angel"]),
]

TICKETS: list[tuple[str, str]] = [
    ("Notting Hill", "Tower of London"), ("Paddington", "Waterloo"), ("Baker Street", "London Bridge"),
    ("Camden Town", "Westminster"), ("King's Cross", "Buckingham Palace"), ("Angel", "Chelsea"),
    ("Shoreditch", "South Kensington"), ("Regent's Park", "Borough Market"), ("British Museum", "Tower Bridge"),
    ("Marble Arch", "St Paul's"), ("Oxford Circus", "Elephant & Castle"), ("Soho", "Barbican"),
    ("Covent Garden", "Hyde Park Corner"), ("Piccadilly Circus", "Tower Bridge"), ("Trafalgar Square", "Angel"),
    ("Westminster", "Shoreditch"), ("Chelsea", "Trafalgar Square"), ("Hyde Park Corner", "London Bridge"),
    ("Paddington", "Camden Town"), ("Notting Hill", "Buckingham Palace"),
]

# The Thames's centre line, west to east, and half its width; two parks.
THAMES = [(0, 1030), (380, 1030), (700, 990), (880, 890), (930, 760), (1050, 700), (1250, 690), (1450, 700),
          (1650, 720), (1920, 700)]
THAMES_HALF = 26
PARKS = [
    [(250, 470), (520, 470), (520, 590), (250, 590)],  # Hyde Park
    [(570, 80), (730, 80), (740, 190), (560, 190)],  # Regent's Park
]
TITLES = {"de": "London", "fr": "Londres"}
