import Foundation

/// Differential fuzzing: random rows, predicate trees and sort descriptors, each backend's
/// answers checked against Foundation's own `Predicate.evaluate` (see ``DifferentialFuzzer``).
///
/// Eight cases with fixed seeds run ``defaultPredicates`` predicates each (2,000 per backend).
/// For long runs, set the `STRATA_FUZZ_PREDICATES` environment variable to a larger
/// per-case count, e.g. `STRATA_FUZZ_PREDICATES=20000 swift test --filter SQLiteConformanceTests`.
/// A failure names its seed; `DifferentialFuzzer(backend:).run(seed:predicates:)` replays it.
enum FuzzCases {
    static let category = "fuzz"

    /// Predicates per case unless `STRATA_FUZZ_PREDICATES` says otherwise.
    static let defaultPredicates = 250

    /// The fixed seeds, one case each.
    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8].map { 0x5EED_0000 + $0 }

    /// `STRATA_FUZZ_PREDICATES` when it is a positive integer, otherwise ``defaultPredicates``.
    static var predicatesPerCase: Int {
        guard let text = ProcessInfo.processInfo.environment["STRATA_FUZZ_PREDICATES"], let count = Int(text), count > 0 else {
            return defaultPredicates
        }
        return count
    }

    static let all: [ConformanceCase] = seeds.enumerated().map { index, seed in
        ConformanceCase("\(category).differential.seed\(index + 1)", category: category) { environment in
            try DifferentialFuzzer(backend: environment.backend, caseID: environment.caseID).run(seed: seed, predicates: predicatesPerCase)
        }
    }
}
