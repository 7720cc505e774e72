import Foundation
import StrataConformance
import StrataCore
import StrataSync
import StrataSyncCases
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reaches the server by running the probe's `serve-push` or `serve-pull` as a child process
/// per request, and may SIGKILL that child after a random delay (``Kills``): the server dies at a random
/// point of the request, and the client sees a transport error, as over a dropped connection.
///
/// It reports each request on standard output for the fault run: `push` or `pull` when it
/// starts, `answered <milliseconds>` when it answered, `killed <request> <where>` when a kill
/// landed (`where`: `starting` before the store was open, `working` after, `answered` once the
/// answer was ready), and `repeat` when the server had applied the batch before.
///
/// A request blocks its caller's thread until the child ends: the probe runs one client and
/// nothing else.
final class ChildProcessTransport: ReplicationTransport {
    /// Which children to kill and when: every other one on average (so syncs also get past
    /// their push, and pulls are killed too), after a random delay of up to `maximumDelay`
    /// milliseconds, until `remaining` kills have landed.
    struct Kills: Sendable {
        let maximumDelay: Int
        var remaining: Int
        var random: SplitMix64
    }

    let probe: URL
    let store: String
    private let kills: Mutex<Kills?>

    init(probe: URL, store: String, kills: Kills?) {
        self.probe = probe
        self.store = store
        self.kills = Mutex(kills)
    }

    func pull(since: DefaultHistoryToken?, client: String, schema: String) async throws -> ChangePage {
        try ChangePage(jsonData: exchange("pull", ["serve-pull", store, since.map(ReplicationWire.text) ?? "-", client, schema], input: Data()))
    }

    func push(_ batch: PushBatch) async throws -> PushResult {
        try PushResult(jsonData: exchange("push", ["serve-push", store], input: batch.jsonData()))
    }

    /// Runs the child with `arguments`, writes `input` to it and returns its answer.
    private func exchange(_ request: String, _ arguments: [String], input: Data) throws -> Data {
        let process = Process()
        process.executableURL = probe
        process.arguments = arguments
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        ProbeOutput.say(request)
        let started = ContinuousClock.now
        try process.run()
        let exited = ExitedFlag()
        if let delay = nextKillDelay() {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(delay)) {
                exited.unlessSet { kill(pid, SIGKILL) }
            }
        }
        // A child killed while reading leaves a broken pipe: its death, not this write, is what to report.
        try? stdin.fileHandleForWriting.write(contentsOf: input)
        try? stdin.fileHandleForWriting.close()
        let answer = stdout.fileHandleForReading.readDataToEndOfFile()
        let marks = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        exited.set()
        if marks.contains("repeat\n") { ProbeOutput.say("repeat") }
        if process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL {
            landed()
            let place = marks.contains("answered\n") ? "answered" : marks.contains("opened\n") ? "working" : "starting"
            ProbeOutput.say("killed \(request) \(place)")
            throw ReplicationError(.transport, "the server process was killed (\(place))")
        }
        switch process.terminationStatus {
        case 0:
            ProbeOutput.say("answered \(ProbeOutput.milliseconds(since: started))")
            return answer
        case ProbeServer.replicationErrorStatus:
            throw (try? JSONSerialization.jsonObject(with: answer)).flatMap(ReplicationError.init(json:))
                ?? ReplicationError(.transport, "the server answered \(String(decoding: answer, as: UTF8.self))")
        default:
            throw ReplicationError(.transport, "the server failed with status \(process.terminationStatus): \(marks)")
        }
    }

    /// The delay before the next child is killed, if it is to be.
    private func nextKillDelay() -> Int? {
        kills.withLock { (kills: inout Kills?) -> Int? in
            guard var plan = kills, plan.remaining > 0 else { return nil }
            defer { kills = plan }
            guard plan.random.next() % 2 == 0 else { return nil }
            return Int.random(in: 0...plan.maximumDelay, using: &plan.random)
        }
    }

    /// Counts a kill that landed.
    private func landed() {
        kills.withLock { $0?.remaining -= 1 }
    }
}

/// Set once a child has been waited for, so a kill due later is not sent (its process id may
/// be another process's by then).
private final class ExitedFlag: Sendable {
    private let exited = Mutex(false)

    func set() { exited.withLock { $0 = true } }

    /// Runs `body` while the flag is not set, holding it unset meanwhile.
    func unlessSet(_ body: () -> Void) {
        exited.withLock { if !$0 { body() } }
    }
}
