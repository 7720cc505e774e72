import Foundation

/// Starts programs with `posix_spawn`, handing the child only standard input (`/dev/null`) and
/// standard output and error (a file), never another descriptor of this process.
///
/// Foundation's `Process` notices a child's exit when a socket the child inherits closes; a
/// server the child starts in the background inherits it too and keeps it open, so waiting on
/// `pg_ctl start` would never end. A server that inherited this process's pipes would likewise
/// keep `swift test` waiting for their end.
enum ChildProcess {
    /// Starts `executable` with `arguments` in `directory` and returns its process ID.
    /// - Throws: ``TestClusterError`` when the program cannot be started.
    static func spawn(_ executable: String, _ arguments: [String], output: String = "/dev/null", directory: String = "/") throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let codes = [
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0),
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644),
            posix_spawn_file_actions_adddup2(&actions, 1, 2),
            closeFrom?(&actions, 3) ?? 0,
            changeDirectory?(&actions, directory) ?? 0,
        ]
        guard codes.allSatisfy({ $0 == 0 }) else { throw TestClusterError("cannot set up the file actions for \(executable)") }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + environment).forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, nil, argv, environment)
        guard code == 0 else { throw TestClusterError("cannot start \(executable): \(String(cString: strerror(code)))") }
        return pid
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module does not import.
    private static let closeFrom = symbol(
        "posix_spawn_file_actions_addclosefrom_np",
        as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    /// glibc's `posix_spawn_file_actions_addchdir_np`, likewise.
    private static let changeDirectory = symbol(
        "posix_spawn_file_actions_addchdir_np",
        as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)

    private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
        dlsym(dlopen(nil, RTLD_NOW), name).map { unsafeBitCast($0, to: type) }
    }

    /// Runs `executable` to completion and returns its exit status (-1 when a signal ended it).
    /// - Throws: ``TestClusterError`` when the program cannot be started.
    static func run(_ executable: String, _ arguments: [String], output: String, directory: String) throws -> Int32 {
        let pid = try spawn(executable, arguments, output: output, directory: directory)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS are macros Swift cannot import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }
}
