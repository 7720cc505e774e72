import StrataCore

/// Checks a backend against Foundation itself on random rows, predicates and sorts.
///
/// Each run draws, from its seed, batches of ``rowsPerBatch`` random rows (saved into a new
/// container of the backend) and ``predicatesPerBatch`` random predicate trees with random
/// sort descriptors. For each, `fetch`, `fetchCount` and `fetchIdentifiers` through a fresh
/// `ModelContext` must give exactly the rows Foundation's `Predicate.evaluate` accepts on
/// detached copies of the rows, in the order of ``FuzzReference``'s sort (ties as sets).
///
/// ```swift
/// try DifferentialFuzzer(backend: backend).run(seed: 42, predicates: 500)
/// ```
/// A mismatch is shrunk (sub-trees, fewer sort keys, fewer rows) and thrown as a
/// ``ConformanceFailure`` carrying the seed, the smallest failing predicate and its rows, and
/// the expected and actual tags. The same seed reproduces the same run.
public struct DifferentialFuzzer: Sendable {
    public let backend: ConformanceBackend
    /// Passed to the backend's configuration factory (with a counter appended).
    public var caseID: String
    public var rowsPerBatch = 24
    public var predicatesPerBatch = 50

    public init(backend: ConformanceBackend, caseID: String = "fuzz") {
        self.backend = backend
        self.caseID = caseID
    }

    /// Runs `predicates` random predicates drawn from `seed`.
    /// - Throws: ``ConformanceFailure`` (with `seed`) for the first mismatch, after shrinking;
    ///   the backend's error when a store cannot be created or saved.
    public func run(seed: UInt64, predicates: Int) throws {
        var generator = SplitMix64(seed: seed)
        let predicateGenerator = FuzzPredicateGenerator()
        let sortGenerator = FuzzSortGenerator()
        var done = 0
        var batch = 0
        while done < predicates {
            let rows = FuzzRowGenerator().rows(count: rowsPerBatch, using: &generator)
            let container = try makeContainer(rows: rows, batch: batch)
            for _ in 0..<min(predicatesPerBatch, predicates - done) {
                let trial = FuzzTrial(
                    tree: predicateGenerator.predicate(using: &generator), keys: sortGenerator.keys(using: &generator), rows: rows)
                if let mismatch = check(trial, in: container) {
                    throw failure(trial, mismatch, seed: seed, index: done)
                }
                done += 1
            }
            batch += 1
        }
    }

    private func makeContainer(rows: [FuzzRow], batch: Int) throws -> ModelContainer {
        let configuration = try backend.makeConfiguration("\(caseID)-\(batch)")
        let container = try ModelContainer(for: Schema(ConformanceModels.all), configurations: [configuration])
        let context = ModelContext(container)
        for row in rows { context.insert(row.makeRow()) }
        try context.save()
        return container
    }

    /// The mismatch `trial` shows on `container` (which holds `trial.rows`), or nil.
    func check(_ trial: FuzzTrial, in container: ModelContainer) -> FuzzMismatch? {
        let predicate = FuzzPredicateBuilder.predicate(trial.tree)
        let byTag = Dictionary(uniqueKeysWithValues: trial.rows.map { ($0.tag, $0) })
        let matching = FuzzReference.matchingTags(predicate, in: trial.rows)
        let expected = FuzzReference.expectedRuns(matching, rows: byTag, keys: trial.keys)
        let context = ModelContext(container)
        let descriptor = FetchDescriptor<Row>(predicate: predicate, sortBy: trial.keys.map(\.descriptor))
        func text(_ runs: [Set<String>]) -> String {
            trial.keys.isEmpty ? "\(runs.flatMap { $0 }.sorted())" : "\(runs.map { $0.sorted() })"
        }
        do {
            let fetched = try context.fetch(descriptor)
            let tags = fetched.map(\.tag)
            let runs = FuzzReference.runs(tags, rows: byTag, keys: trial.keys)
            if tags.count != matching.count || runs != expected {
                return FuzzMismatch(operation: "fetch", expected: text(expected), actual: trial.keys.isEmpty ? "\(tags.sorted())" : "\(tags)")
            }
            let count = try context.fetchCount(descriptor)
            if count != matching.count {
                return FuzzMismatch(operation: "fetchCount", expected: "\(matching.count)", actual: "\(count)")
            }
            let tagByID = Dictionary(fetched.map { ($0.persistentModelID, $0.tag) }, uniquingKeysWith: { first, _ in first })
            let identified = try context.fetchIdentifiers(descriptor).map { tagByID[$0] ?? "<unknown \($0)>" }
            let identifiedRuns = FuzzReference.runs(identified, rows: byTag, keys: trial.keys)
            if identified.count != matching.count || identifiedRuns != expected {
                return FuzzMismatch(operation: "fetchIdentifiers", expected: text(expected), actual: "\(identified)")
            }
            return nil
        } catch {
            return FuzzMismatch(operation: "fetch", expected: text(expected), actual: "error: \(error)")
        }
    }

    /// Shrinks the failing trial and describes it, with the seed.
    private func failure(_ trial: FuzzTrial, _ mismatch: FuzzMismatch, seed: UInt64, index: Int) -> ConformanceFailure {
        var shrinkCount = 0
        let shrinker = FuzzShrinker { candidate in
            shrinkCount += 1
            guard let container = try? makeContainer(rows: candidate.rows, batch: 1_000_000 + shrinkCount) else { return nil }
            return check(candidate, in: container)
        }
        let (minimal, minimalMismatch) = shrinker.shrink(trial, mismatch)
        let message = """
            \(backend.name) differs from Foundation in \(minimalMismatch.operation) \
            (seed \(seed), predicate #\(index); original: #Predicate<Row> { \(trial.tree) }\
            \(trial.keys.isEmpty ? "" : " sortBy: \(trial.keys)"))
            smallest failing case:
            \(minimal)
            """
        return ConformanceFailure(message: message, expected: minimalMismatch.expected, actual: minimalMismatch.actual, seed: seed)
    }
}
