"""The ``judge`` command. Exit status: 0 done, 2 bad input, 1 internal failure."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from judge.errors import JudgeError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="judge", description="Referee for category word games.")
    sub = parser.add_subparsers(dest="command", required=True)

    check = sub.add_parser("check", help="judge one answer")
    check.add_argument("answer")
    check.add_argument("--category", required=True)
    check.add_argument("--letter", required=True)
    check.add_argument("--lang", default="en")
    check.add_argument("--json", action="store_true", help="print the verdict as JSON")

    batch = sub.add_parser("batch", help="judge a JSONL or CSV file of answers")
    batch.add_argument("input", help="JSONL or CSV file, or - for JSONL on stdin")
    batch.add_argument("-o", "--output", help="output file (.jsonl or .csv); default stdout")
    _add_scale_options(batch)

    ev = sub.add_parser("eval", help="measure agreement with labelled rows")
    ev.add_argument("input", help="JSONL rows with 'expected' (answers) or 'duplicate' (pairs)")
    ev.add_argument("--worst", type=int, default=15, help="how many errors to list")

    pairs = sub.add_parser("pairs", help="are a and b the same answer? (JSONL or CSV)")
    pairs.add_argument("input")
    pairs.add_argument("-o", "--output")
    _add_scale_options(pairs)

    score = sub.add_parser("score", help="score a game record (JSON)")
    score.add_argument("record", help="a JSON game record, - for stdin, or an archive: a folder of "
                                      "records or a JSONL file of records (one result per game)")
    score.add_argument("-o", "--output", help="write the scored game here (default stdout)")
    score.add_argument("--disagreements", metavar="FILE",
                       help="archives: write the table decisions the referee disagrees with (.csv or .jsonl)")
    _add_scale_options(score)

    report = sub.add_parser("report", help="an HTML report with plots of batch or score results")
    report.add_argument("results", help="JSONL written by 'judge batch' or by 'judge score' on an archive")
    report.add_argument("-o", "--output", default="report.html", help="the HTML file (default report.html)")
    report.add_argument("--title", default=None, help="the report's title")

    serve = sub.add_parser("serve", help="run the HTTP API (gunicorn)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument("--workers", type=int, default=None, help="worker processes (default: two per CPU)")
    serve.add_argument("--threads", type=int, default=1, help="threads per worker (default 1)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        handler = globals()[f"_cmd_{args.command}"]
        return int(handler(args))
    except JudgeError as exc:
        print(f"judge {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


def _judge() -> Any:
    from judge.referee import Judge

    return Judge()


def _cmd_check(args: argparse.Namespace) -> int:
    verdict = _judge().check(args.answer, category=args.category, letter=args.letter, lang=args.lang)
    if args.json:
        print(json.dumps(verdict.to_dict(), ensure_ascii=False, indent=2))
        return 0
    print(f"{verdict.verdict.value.upper()} ({verdict.confidence:.2f}) {verdict.answer!r} "
          f"for {verdict.category!r} under {verdict.letter}"
          + (f" [category: {verdict.category_id}]" if verdict.category_id else ""))
    for reason in verdict.reasons:
        print(f"  - {reason.code.value}: {reason.message}")
    return 0


def _add_scale_options(cmd: argparse.ArgumentParser) -> None:
    cmd.add_argument("--workers", type=int, default=1, help="local worker processes (default 1)")
    cmd.add_argument("--scheduler", metavar="ADDRESS",
                     help="run on the Dask cluster at ADDRESS (tcp://host:8786) instead of locally")
    cmd.add_argument("--resume", action="store_true",
                     help="continue an interrupted run: keep the rows already in -o, append the rest")
    cmd.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")


def _cmd_batch(args: argparse.Namespace) -> int:
    from judge import batch

    summary = batch.run_file(batch.Job("check"), args.input, args.output, workers=args.workers,
                             scheduler=args.scheduler, resume=args.resume)
    if not args.quiet:
        print(f"judge batch: {summary}", file=sys.stderr)
    return 0


def _cmd_pairs(args: argparse.Namespace) -> int:
    from judge import batch

    summary = batch.run_file(batch.Job("pairs"), args.input, args.output, workers=args.workers,
                             scheduler=args.scheduler, resume=args.resume)
    if not args.quiet:
        print(f"judge pairs: {summary}", file=sys.stderr)
    return 0


def _cmd_score(args: argparse.Namespace) -> int:
    from judge import archive
    from judge.games import load_record, score_game

    if archive.is_archive(args.record):
        summary, table = archive.run_archive(args.record, args.output, workers=args.workers,
                                             scheduler=args.scheduler, resume=args.resume,
                                             disagreements=args.disagreements)
        if not args.quiet:
            print(f"judge score: {summary}", file=sys.stderr)
            print(archive.format_table(table, limit=20), file=sys.stderr)
        return 0
    if args.record == "-":
        try:
            record = json.loads(sys.stdin.read())
        except json.JSONDecodeError as exc:
            raise JudgeError(f"stdin: not valid JSON ({exc.msg} at line {exc.lineno})") from exc
    else:
        record = load_record(args.record)
    result = json.dumps(score_game(record, _judge()), ensure_ascii=False, indent=2)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(result + "\n")
    else:
        print(result)
    return 0


def _cmd_report(args: argparse.Namespace) -> int:
    from judge import report

    path = report.write_report(args.results, args.output, title=args.title)
    print(f"judge report: wrote {path}", file=sys.stderr)
    return 0


def _cmd_eval(args: argparse.Namespace) -> int:
    from judge import evaluation

    print(evaluation.run_file(_judge(), args.input, worst=args.worst))
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    from api.server import serve

    if not 0 <= args.port <= 65535 or (args.workers is not None and args.workers < 1) or args.threads < 1:
        raise JudgeError("--port must be 0-65535, --workers and --threads at least 1")
    serve(host=args.host, port=args.port, workers=args.workers, threads=args.threads)
    return 0


if __name__ == "__main__":
    sys.exit(main())
