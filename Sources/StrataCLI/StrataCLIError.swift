import Foundation

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
    /// `strata schema` and `strata migrate` were given a SQLite path where no database is.
    case noDatabase(String)
    /// A SQLite database path names a directory.
    case isADirectory(String)
    /// No store could be opened where `--store` points; `reason` is the store's error on one line.
    case storeUnavailable(String, reason: String)
    /// A file or directory could not be made or written: `action` says which, `reason` why.
    case fileSystem(action: String, reason: String)

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
        case .noDatabase(let path):
            "there is no database at \(path); create a demo store there first with `strata demo --store \(path)`"
        case .isADirectory(let path):
            "\(path) is a directory; pass the path of a SQLite database file"
        case .storeUnavailable(let store, let reason):
            "cannot open a store at \(store): \(reason)"
        case .fileSystem(let action, let reason):
            "cannot \(action): \(reason)"
        }
    }

    /// `store` could not be opened because of `error`, said on one line.
    static func storeUnavailable(_ store: String, _ error: any Error) -> StrataCLIError {
        .storeUnavailable(store, reason: String(describing: error).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " "))
    }

    /// The file system refused `action` with `error`: the system's reason (`No such file or
    /// directory`), not Foundation's dump of the error.
    static func fileSystem(_ action: String, _ error: any Error) -> StrataCLIError {
        // On Linux the underlying error is a `POSIXError`, which `as? NSError` does not bridge.
        let underlying = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        if let posix = [underlying, error as NSError].compactMap({ $0 }).first(where: { $0.domain == NSPOSIXErrorDomain }) {
            return .fileSystem(action: action, reason: String(cString: strerror(Int32(posix.code))))
        }
        return .fileSystem(action: action, reason: (error as NSError).localizedDescription)
    }
}
