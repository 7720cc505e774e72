/// Lets one serialized import or reconcile at a time run per container; the others wait in order.
actor SyncGate {
    /// The gate every importer and reconciler of the process shares.
    static let shared = SyncGate()

    private var busy: Set<ObjectIdentifier> = []
    private var waiters: [ObjectIdentifier: [CheckedContinuation<Void, Never>]] = [:]

    /// Waits until no other holder has `key`, then holds it.
    func acquire(_ key: ObjectIdentifier) async {
        guard busy.insert(key).inserted else {
            await withCheckedContinuation { waiters[key, default: []].append($0) }
            return
        }
    }

    /// Hands `key` to the next waiter, or frees it.
    func release(_ key: ObjectIdentifier) {
        guard var queue = waiters[key], !queue.isEmpty else {
            busy.remove(key)
            return
        }
        let next = queue.removeFirst()
        waiters[key] = queue.isEmpty ? nil : queue
        next.resume()
    }

    /// How many holders wait for `key` (tests use it to see a serialized call queue up).
    func waitingCount(for key: ObjectIdentifier) -> Int {
        waiters[key]?.count ?? 0
    }

    /// Runs `body` holding `key` when `serialized`, else at once.
    /// - Throws: what `body` throws.
    nonisolated(nonsending) static func run<Value>(_ key: ObjectIdentifier, serialized: Bool, _ body: () throws -> Value) async throws -> Value {
        guard serialized else { return try body() }
        await shared.acquire(key)
        do {
            let result = try body()
            await shared.release(key)
            return result
        } catch {
            await shared.release(key)
            throw error
        }
    }
}
