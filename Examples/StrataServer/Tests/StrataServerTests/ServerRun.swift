import Foundation
import Testing

/// One run of the `strata-server` built beside the test bundle, to its end (at most 60 s).
struct ServerRun {
    /// Why it ended: an exit, or a signal (a crash).
    let reason: Process.TerminationReason
    /// The exit status or the signal's number.
    let status: Int32
    /// All it wrote to stderr.
    let standardError: String

    /// Runs the server with `environment` in place of the test's own store, host, port and log level.
    init(environment: [String: String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("strata-server")
        var inherited = ProcessInfo.processInfo.environment
        for name in ["STRATA_STORE", "HOST", "PORT", "LOG_LEVEL"] { inherited[name] = nil }
        process.environment = inherited.merging(environment) { $1 }
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        standardError = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        reason = process.terminationReason
        status = process.terminationStatus
    }

    /// Expects exit status 1 and one line on stderr, `strata-server: …` containing `text`.
    func expectOneLineFailure(containing text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reason == .exit && status == 1, "ended by \(reason == .exit ? "exit" : "signal") \(status): \(standardError)", sourceLocation: sourceLocation)
        let lines = standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix("strata-server: ") == true, "\(standardError)", sourceLocation: sourceLocation)
        #expect(standardError.contains(text), "\(standardError)", sourceLocation: sourceLocation)
    }
}
