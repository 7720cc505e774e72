#!/usr/bin/env python3
"""Prints scripts/bench-server's table from its results file: one line per wrk run,
`service mode round requests/s p50 p90 p99 errors requests`. Per service and workload the round
with the most requests/s counts; errors are summed over all rounds."""
import sys
from collections import defaultdict

names = {"strata": "Strata, PostgreSQL", "baseline": "Strata baseline, PostgreSQL", "fluent": "Fluent, PostgreSQL",
         "sqlite": "Strata, SQLite", "nohistory": "Strata, PostgreSQL, no history"}
workloads = {"get": "GET /items/:id (random id)", "list": "GET /items?done=false&minPriority=…&sort=priority&limit=20",
             "post": "POST /items"}
best, errors = {}, defaultdict(int)
for line in open(sys.argv[1]):
    fields = line.split()
    if len(fields) != 9:
        sys.exit(f"a wrk run printed no result: {line.strip()}")
    service, mode, _, rps, p50, p90, p99, errs, _ = fields
    run = (float(rps), float(p50), float(p90), float(p99))
    errors[service, mode] += int(errs)
    if (service, mode) not in best or run[0] > best[service, mode][0]:
        best[service, mode] = run

print("| workload | store | requests/s | p50 | p90 | p99 | errors | Strata/Fluent |")
print("| --- | --- | --- | --- | --- | --- | --- | --- |")
for mode, title in workloads.items():
    for service, name in names.items():
        if (service, mode) not in best:
            continue
        rps, p50, p90, p99 = best[service, mode]
        ratio = ""
        if service != "fluent" and ("fluent", mode) in best:
            ratio = f"{rps / best['fluent', mode][0]:.2f}×"
        print(f"| {title} | {name} | {rps:,.0f} | {p50:.2f} | {p90:.2f} | {p99:.2f} | {errors[service, mode]} | {ratio} |")
total = sum(errors.values())
print(f"errors in all runs: {total}")
sys.exit(1 if total else 0)
