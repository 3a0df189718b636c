"""Make ``sample_archive.jsonl``: a small synthetic archive of game records for the notebooks.

    python notebooks/data/make_sample_archive.py            # same seed, same bytes

Our own invented games (licence CC0, "category-judge seed lists"), not taken from any
evaluation set: Scattergories in English, German and French with challenges the table
voted on, Category (the Italian board game) with table rulings, and three broken records
(a schema error, a truncated line, an unknown game) to show that a re-check reports them
and goes on. Some table decisions are deliberately wrong, so the re-check has
disagreements to find.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: lang -> category -> letter -> answers that fit (hand-written, CC0).
WORDS: dict[str, dict[str, dict[str, str]]] = {
    "en": {
        "Cities": {"B": "Boston Berlin Bristol Barcelona", "M": "Madrid Milan Munich Miami",
                   "P": "Paris Prague Porto Perth", "L": "London Lisbon Lyon Leeds",
                   "S": "Sydney Seattle Seville Stockholm", "T": "Tokyo Toronto Turin Tunis"},
        "Animals": {"B": "bear beaver bison badger", "M": "mouse monkey mole moose", "P": "panda parrot pig puma",
                    "L": "lion lynx llama lizard", "S": "snake seal shark sheep", "T": "tiger toad trout turtle"},
        "Fruits": {"B": "banana blueberry blackberry", "M": "mango melon mandarin", "P": "pear peach plum pineapple",
                   "L": "lemon lime lychee", "S": "strawberry satsuma", "T": "tangerine tomato"},
        "Countries": {"B": "Brazil Belgium Bolivia", "M": "Mexico Morocco Malta", "P": "Peru Poland Portugal",
                      "L": "Latvia Lebanon Libya", "S": "Spain Sweden Sudan", "T": "Turkey Tunisia Thailand"},
        "Colors": {"B": "blue black brown", "M": "magenta maroon", "P": "pink purple", "L": "lilac lavender",
                   "S": "silver scarlet", "T": "turquoise teal"},
    },
    "de": {
        "Städte": {"B": "Berlin Bonn Bremen", "M": "München Mainz Magdeburg", "K": "Köln Kassel Kiel",
                   "H": "Hamburg Hannover", "D": "Dresden Dortmund", "L": "Leipzig Lübeck"},
        "Tiere": {"B": "Bär Biber", "M": "Maus Marder", "K": "Katze Kuh", "H": "Hund Hase", "D": "Dachs Delfin",
                  "L": "Löwe Luchs"},
        "Länder": {"B": "Belgien Brasilien", "M": "Mexiko Marokko", "K": "Kanada Kenia", "H": "Haiti Honduras",
                   "D": "Dänemark Deutschland", "L": "Lettland Libyen"},
        "Obst": {"B": "Banane Birne", "M": "Mango Melone", "K": "Kirsche Kiwi", "H": "Himbeere Heidelbeere",
                 "D": "Dattel", "L": "Limette"},
    },
    "fr": {
        "Villes": {"P": "Paris Perpignan", "L": "Lyon Lille", "M": "Marseille Metz", "B": "Bordeaux Brest",
                   "N": "Nice Nantes", "T": "Toulouse Tours"},
        "Animaux": {"P": "panthère poule", "L": "lion loup lapin", "M": "mouton merle", "B": "baleine blaireau",
                    "N": "narval", "T": "tigre taupe"},
        "Pays": {"P": "Pérou Portugal", "L": "Liban Lettonie", "M": "Maroc Mexique", "B": "Brésil Belgique",
                 "N": "Norvège Népal", "T": "Tunisie Turquie"},
        "Fruits": {"P": "pomme poire pêche", "L": "litchi", "M": "mangue melon", "B": "banane", "N": "noix",
                   "T": "tomate"},
    },
    "it": {
        "Fiori": {"R": "rosa", "M": "margherita mimosa", "T": "tulipano", "G": "giglio girasole garofano",
                  "V": "viola", "C": "ciclamino camelia", "P": "papavero peonia", "L": "lavanda"},
        "Città": {"R": "Roma Ravenna", "M": "Milano Messina", "T": "Torino Trieste", "G": "Genova",
                  "V": "Venezia Verona", "C": "Como Catania", "P": "Palermo Parma", "L": "Lecce Livorno"},
        "Animali": {"R": "rana", "M": "mucca merlo", "T": "tigre topo", "G": "gatto gallo", "V": "volpe vipera",
                    "C": "cane cavallo", "P": "pecora pesce", "L": "leone lupo"},
        "Frutta": {"R": "ribes", "M": "mela mango", "T": "tamarindo", "G": "guava", "V": "uva", "C": "ciliegia cocco",
                   "P": "pera pesca", "L": "limone lampone"},
        "Paesi": {"R": "Russia Romania", "M": "Marocco Messico", "T": "Turchia Tunisia", "G": "Grecia Germania",
                  "V": "Vietnam", "C": "Cina Cile", "P": "Perù Portogallo", "L": "Libia Lettonia"},
    },
}
NONSENSE = ["blorf", "zzt", "qwertyx", "fnarg"]
PLAYERS = {"en": ["ann", "ben", "cat", "dan"], "de": ["Jonas", "Lena", "Mia"], "fr": ["Zoé", "Marc", "Inès"],
           "it": ["Anna", "Bruno", "Carla"]}


def pick_answer(rng: random.Random, lang: str, category: str, letter: str) -> str | None:
    """Mostly a fitting answer; sometimes a blank, nonsense, a wrong letter or another category."""
    roll = rng.random()
    pool = WORDS[lang][category].get(letter, "").split()
    if roll < 0.08 or not pool:
        return None
    if roll < 0.14:
        return rng.choice(NONSENSE).capitalize() if letter == "B" else letter + rng.choice(NONSENSE)
    if roll < 0.20:
        other = rng.choice([c for c in WORDS[lang] if c != category])
        return rng.choice(WORDS[lang][other].get(letter, "x").split())
    if roll < 0.25:
        other_letter = rng.choice([k for k in WORDS[lang][category] if k != letter])
        return rng.choice(WORDS[lang][category][other_letter].split())
    return rng.choice(pool)


def scattergories(rng: random.Random, n: int, lang: str) -> dict[str, object]:
    categories = list(WORDS[lang])
    players = PLAYERS[lang]
    letters = rng.sample(sorted(WORDS[lang][categories[0]]), 3)
    rounds = []
    for letter in letters:
        answers = {p: [pick_answer(rng, lang, c, letter) for c in categories] for p in players}
        challenges = []
        for p in players:
            for i, answer in enumerate(answers[p]):
                if answer and rng.random() < 0.15:
                    fits = answer in WORDS[lang][categories[i]].get(letter, "").split()
                    honest = rng.random() < 0.75
                    yes = fits if honest else not fits
                    votes = {q: (yes if rng.random() < 0.85 else not yes) for q in players if q != p}
                    votes[p] = True
                    challenges.append({"player": p, "category": i, "votes": votes})
        rounds.append({"letter": letter, "answers": answers, "challenges": challenges})
    return {"id": f"sg-{lang}-{n:03d}", "game": "scattergories", "lang": lang, "players": players,
            "categories": categories, "rounds": rounds}


def category_game(rng: random.Random, n: int) -> dict[str, object]:
    lang = "it"
    categories = list(WORDS[lang])
    letters = rng.sample(sorted(WORDS[lang][categories[0]]), 5)
    colours = ["blue"] * 9 + ["yellow"] * 8 + ["white"] * 8
    rng.shuffle(colours)
    marbles = [colours[i * 5:(i + 1) * 5] for i in range(5)]
    players = PLAYERS[lang]
    free = [(i, j) for i in range(5) for j in range(5)]
    turns = []
    for _ in range(rng.randint(3, 6)):
        for p in players:
            words = []
            for _ in range(rng.randint(1, 2)):
                if not free:
                    break
                i, j = free.pop(rng.randrange(len(free)))
                word = pick_answer(rng, lang, categories[i], letters[j]) or rng.choice(NONSENSE)
                claim: dict[str, object] = {"word": word, "category": categories[i], "letter": letters[j]}
                if rng.random() < 0.2:
                    fits = word in WORDS[lang][categories[i]].get(letters[j], "").split()
                    claim["ruling"] = "accept" if (fits if rng.random() < 0.7 else not fits) else "reject"
                words.append(claim)
            turns.append({"player": p, "words": words})
    turns += [{"player": p, "words": []} for p in players]
    return {"id": f"cat-it-{n:03d}", "game": "category", "lang": lang, "players": players,
            "rounds": [{"categories": categories, "letters": letters, "marbles": marbles, "turns": turns}]}


def make_archive(seed: int = 2024) -> list[str]:
    """The archive's lines: 30 games, three of them broken."""
    rng = random.Random(seed)
    games: list[dict[str, object]] = []
    for n in range(27):
        kind = n % 4
        games.append(category_game(rng, n) if kind == 3 else scattergories(rng, n, ("en", "de", "fr")[kind]))
    lines = [json.dumps(g, ensure_ascii=False) for g in games]
    broken = json.loads(lines[0])
    broken["id"] = "sg-en-broken"
    broken["rounds"][1]["answers"]["ben"][3] = 42
    lines.insert(5, json.dumps(broken, ensure_ascii=False))
    lines.insert(12, lines[1][: len(lines[1]) // 2])  # a line cut short
    lines.insert(20, json.dumps({"id": "mystery", "game": "tic-tac-toe", "lang": "en", "players": ["ann"]}))
    return lines


def main() -> None:
    out = HERE / "sample_archive.jsonl"
    out.write_text("\n".join(make_archive()) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
