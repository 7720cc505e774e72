import Foundation

extension ModelConfiguration {
    /// Where a persistent configuration without a URL keeps its database:
    /// `$STRATA_STORE_DIRECTORY/<name>.store` when that variable is set, otherwise
    /// `$XDG_DATA_HOME/strata/<name>.store`, otherwise `~/.local/share/strata/<name>.store`.
    /// The directory is created when missing. A configuration with
    /// `groupContainer: .identifier(group)` keeps it in `groups/<group>/` under that directory.
    /// - Throws: the file system's error when the directory cannot be created.
    public static func defaultStoreURL(name: String = "default") throws -> URL {
        let directory = defaultDirectory(group: nil)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("\(name).store")
    }

    /// The default directory, or its `groups/<group>/` subdirectory; read from the environment
    /// now, created by the store when it opens.
    static func defaultDirectory(group: String?) -> URL {
        let environment = ProcessInfo.processInfo.environment
        let directory: URL
        if let explicit = environment["STRATA_STORE_DIRECTORY"], !explicit.isEmpty {
            directory = URL(fileURLWithPath: explicit, isDirectory: true)
        } else if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            directory = URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("strata", isDirectory: true)
        } else {
            directory = FileManager.default.homeDirectoryForCurrentUser
                .appendingPathComponent(".local/share/strata", isDirectory: true)
        }
        guard let group else { return directory }
        return directory.appendingPathComponent("groups", isDirectory: true).appendingPathComponent(group, isDirectory: true)
    }
}
