#!/usr/bin/env python3
"""Seeds one running service for scripts/bench-server through its own API: PROJECTS projects,
then ROWS items (same pseudo-random values for every service: seeded generator), over keep-alive
connections from a few threads. Prints `<min item id> <max item id> <min project id> <max project id>`."""
import http.client, json, random, sys, threading

port, rows, projects = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
threads = 8

def post(connection, path, body):
    connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    response = connection.getresponse()
    data = response.read()
    if response.status != 201:
        sys.exit(f"seeding: POST {path} answered {response.status}: {data[:200]!r}")
    return json.loads(data)["id"]

connection = http.client.HTTPConnection("127.0.0.1", port)
project_ids = [post(connection, "/projects", {"name": f"project {n}"}) for n in range(projects)]

generator = random.Random(20261125)
bodies = [{"title": f"item {n}", "done": generator.random() < 0.3, "priority": generator.randrange(10),
           "projectId": project_ids[generator.randrange(projects)]} for n in range(rows)]
item_ids, lock = [], threading.Lock()

def worker(part):
    local = http.client.HTTPConnection("127.0.0.1", port)
    ids = [post(local, "/items", body) for body in part]
    with lock:
        item_ids.extend(ids)

workers = [threading.Thread(target=worker, args=(bodies[n::threads],)) for n in range(threads)]
for thread in workers: thread.start()
for thread in workers: thread.join()
if len(item_ids) != rows:
    sys.exit(f"seeding: {len(item_ids)} of {rows} items stored")
if max(item_ids) - min(item_ids) + 1 != rows:
    sys.exit("seeding: item ids are not contiguous; the GET workload picks ids in a range")
print(min(item_ids), max(item_ids), min(project_ids), max(project_ids))
