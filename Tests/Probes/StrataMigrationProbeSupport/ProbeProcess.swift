import Foundation

/// Runs the probe as a child process: for ``Torture``, and for the tests that drive the probe.
public enum ProbeProcess {
    /// The built probe beside a test bundle or the running probe: `directory/StrataMigrationCrashProbe`.
    public static func executable(in directory: URL) -> URL {
        directory.appendingPathComponent("StrataMigrationCrashProbe")
    }

    /// Starts the probe with `arguments`; its output goes to `output`, or is discarded.
    /// - Throws: when the program cannot be started.
    public static func start(_ executable: URL, _ arguments: [String], output: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output ?? FileHandle.nullDevice
        if let output { process.standardError = output }
        try process.run()
        return process
    }

    /// Runs the probe to its end and returns its status and output (standard error included).
    /// - Throws: when the program cannot be started.
    public static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let pipe = Pipe()
        let process = try start(executable, arguments, output: pipe)
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
