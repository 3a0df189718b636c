"""Scoring speed of a whole game: a 6-player, 12-category, 3-round Scattergories record.

    python benchmarks/bench_games.py [--runs N]

Loads the lexicons first (one cold run), then prints the median of N warm runs.
The budget is 50 ms warm; the script exits 1 when the median is over it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

BUDGET_MS = 50.0
#: Per category, three answers for each key letter (R, M, C).
ANSWERS = {
    "Fiori": ("Rosa Ranuncolo Rododendro", "Margherita Mimosa Mughetto", "Camelia Ciclamino Calendula"),
    "Città": ("Roma Rimini Ravenna", "Milano Modena Mantova", "Como Cagliari Catania"),
    "Animali": ("Rana Renna Riccio", "Mucca Maiale Mulo", "Cane Cavallo Capra"),
    "Fiumi": ("Reno Rodano Rubicone", "Mincio Mississippi Marna", "Cecina Congo Chiese"),
    "Nomi di persona": ("Roberto Rita Riccardo", "Marco Maria Matteo", "Carlo Chiara Cesare"),
    "Paesi": ("Russia Romania Ruanda", "Messico Marocco Malta", "Cina Cile Cuba"),
    "Verbi": ("Ridere Russare Rompere", "Mangiare Mettere Morire", "Correre Cantare Cadere"),
    "Frutta": ("Ribes Ribes Ribes", "Mela Mango Mirtillo", "Ciliegia Cocco Castagna"),
    "Colori": ("Rosso Rosa Ruggine", "Marrone Magenta Malva", "Celeste Ciano Cremisi"),
    "Mestieri": ("Ragioniere Restauratore Regista", "Medico Muratore Meccanico", "Cuoco Cameriere Contadino"),
    "Sport": ("Rugby Remo Rafting", "Motociclismo Maratona Minigolf", "Calcio Ciclismo Canottaggio"),
    "Cibi": ("Risotto Ravioli Ragù", "Minestra Mozzarella Maccheroni", "Cannelloni Crostata Cotoletta"),
}
CATEGORIES = list(ANSWERS)
LETTERS = ("R", "M", "C")
PLAYERS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]


def make_record() -> dict[str, Any]:
    """Realistic sheets: unique and shared answers, typos, wrong letters, blanks, a challenge per round."""
    rounds = []
    for r, letter in enumerate(LETTERS):
        answers: dict[str, list[str | None]] = {}
        for k, player in enumerate(PLAYERS):
            sheet: list[str | None] = []
            for i, category in enumerate(CATEGORIES):
                word = ANSWERS[category][r].split()[(k + i) % 3]
                kind = 0 if k < 3 else (k + i) % 4  # the first three players write three different answers
                sheet.append([word, None, word[:-1] + word[-1] * 2, ANSWERS[category][(r + 1) % 3].split()[0]][kind])
            answers[player] = sheet
        rounds.append({"letter": letter, "answers": answers,
                       "challenges": [{"player": "Anna", "category": 0,
                                       "votes": dict.fromkeys(PLAYERS[1:], True)}]})
    return {"game": "scattergories", "lang": "it", "players": PLAYERS, "categories": CATEGORIES,
            "rules": {"alliteration_bonus": True}, "rounds": rounds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args(argv)

    from judge import Judge
    from judge.games import score_game

    judge = Judge()
    record = make_record()
    start = time.perf_counter()
    result = score_game(record, judge)
    cold = (time.perf_counter() - start) * 1000
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        score_game(record, judge)
        times.append((time.perf_counter() - start) * 1000)
    median = statistics.median(times)
    answers = sum(1 for r in result["rounds"] for p in PLAYERS for a in r["answers"][p] if a["answer"])
    print(f"scattergories: {len(PLAYERS)} players x {len(CATEGORIES)} categories x {len(LETTERS)} rounds "
          f"({answers} answers), totals {result['totals']}")
    print(f"cold (lexicons loading): {cold:.0f} ms")
    print(f"warm median of {args.runs} runs: {median:.1f} ms (min {min(times):.1f}, max {max(times):.1f}; "
          f"budget {BUDGET_MS:.0f} ms)")
    return 0 if median <= BUDGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
