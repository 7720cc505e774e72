import Foundation

extension ModelConfiguration {
    /// Where a persistent configuration without a URL keeps its database:
    /// `$STRATA_STORE_DIRECTORY/<name>.store` when that variable is set; otherwise a directory of
    /// this program's own, `<data>/strata/<program>/<name>.store`, where `<data>` is
    /// `$XDG_DATA_HOME` or `~/.local/share` and `<program>` is ``defaultProgramDirectoryName``,
    /// so two programs never share a default store (as SwiftData keeps one per app). A
    /// configuration with `groupContainer: .identifier(group)` keeps it in
    /// `<data>/strata/groups/<group>/` (or `$STRATA_STORE_DIRECTORY/groups/<group>/`), which the
    /// programs naming that group share. The directory is created when missing.
    /// - Throws: the file system's error when the directory cannot be created.
    public static func defaultStoreURL(name: String = "default") throws -> URL {
        let directory = defaultDirectory(group: nil)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("\(name).store")
    }

    /// The name of this program's directory of default stores: its bundle identifier where it
    /// has one, otherwise its executable's name (`/` replaced, so it is one directory).
    public static var defaultProgramDirectoryName: String {
        let name = Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
        let safe = name.replacingOccurrences(of: "/", with: "_")
        return safe.isEmpty || safe == "." || safe == ".." ? "program" : safe
    }

    /// The default directory, or its `groups/<group>/` subdirectory; read from the environment
    /// now, created by the store when it opens.
    static func defaultDirectory(group: String?) -> URL {
        let environment = ProcessInfo.processInfo.environment
        let base: URL
        var isExplicit = false
        if let explicit = environment["STRATA_STORE_DIRECTORY"], !explicit.isEmpty {
            base = URL(fileURLWithPath: explicit, isDirectory: true)
            isExplicit = true
        } else if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            base = URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("strata", isDirectory: true)
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share/strata", isDirectory: true)
        }
        if let group {
            return base.appendingPathComponent("groups", isDirectory: true).appendingPathComponent(group, isDirectory: true)
        }
        return isExplicit ? base : base.appendingPathComponent(defaultProgramDirectoryName, isDirectory: true)
    }
}
