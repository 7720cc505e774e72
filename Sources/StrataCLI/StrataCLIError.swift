/// Why a `strata` command could not run, with a message that says what to do instead.
enum StrataCLIError: Error, CustomStringConvertible {
    /// `strata demo --store <path>` was given a file that already exists.
    case demoDatabaseExists(String)
    /// `strata conformance --store <path>` was given a path that is a file, not a directory.
    case notADirectory(String)
    /// `--filter` matched no case of the suite.
    case noMatchingCases(String)
    /// `--version` named no version of the demo's migration plan.
    case unknownVersion(String, known: [String])
    /// `strata schema` and `strata migrate` need a store that keeps its data: not `memory`.
    case notPersistent

    var description: String {
        switch self {
        case .demoDatabaseExists(let path):
            "\(path) already exists; the demo writes a fresh database, so pass a new path or delete that file"
        case .notADirectory(let path):
            "\(path) is a file; `strata conformance` needs a directory (created if missing) to hold one database per case"
        case .noMatchingCases(let filter):
            "no conformance case id contains \"\(filter)\""
        case .unknownVersion(let version, let known):
            "the demo has no version \(version); it has \(known.joined(separator: ", "))"
        case .notPersistent:
            "the in-memory store keeps nothing between runs: pass a SQLite path or a postgres:// URL to --store"
        }
    }
}
