import Foundation
import StrataMigrationProbeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ReplicationFaultRun {
    /// Where kills landed and what followed, for the figures in docs/replication-faults.md.
    public struct Figures: CustomStringConvertible, Sendable {
        /// Kills that landed.
        public internal(set) var kills = 0
        /// Client processes started (a client killed at once still counts).
        public internal(set) var clientRuns = 0
        /// For each place, the kills that landed there: for a client the last thing it said
        /// (`edit`: saving locally; `push`, `pull`: waiting for the server; `answered`: applying
        /// an answer; `synced`, `failed`: between syncs; `none`: still starting); for a server
        /// `push` or `pull` and `starting`, `working` or `answered`.
        public internal(set) var places: [String: Int] = [:]
        /// Batches the server had applied when they came again (their answer was lost).
        public internal(set) var repeats = 0
        /// The outcome of each recovery made between kills (``ReplicationFaultRun/finish()``):
        /// after a third of the kills, at random, so some recoveries follow one kill and others
        /// several.
        public internal(set) var recoveries: [FaultOutcome] = []
        /// How long a client run without kills took, in milliseconds.
        public internal(set) var cleanRun: Int64 = 0
        /// The longest delay a kill waits, in milliseconds.
        public internal(set) var maximumDelay: Int64 = 0

        public var description: String {
            "\(kills) kills in \(clientRuns) client runs (run without kills \(cleanRun) ms, delays up to \(maximumDelay) ms); "
                + "landed: \(places.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")); \(repeats) batches came again after applied; \(recoveries.count) recoveries before the last"
        }
    }

    /// Starts the client and SIGKILLs it at a random point, until `kills` kills have landed: once
    /// it has said a random number of lines (as many as a run without kills says, at most), after
    /// a random delay of up to twice a line's average time. Counting lines rather than time puts
    /// the kills in every step of a sync however loaded the machine is. Its server processes run
    /// on (a server does not notice a client dying), and the server edits between runs.
    /// - Throws: ``ProbeFailure`` when a run without kills fails, or kills stop landing.
    public mutating func killClients(_ kills: Int, rounds: Int = 3) throws -> Figures {
        var figures = Figures()
        let clean = try cleanClientRun(rounds: rounds)
        figures.cleanRun = clean.milliseconds
        figures.maximumDelay = 2 * clean.milliseconds / Int64(max(1, clean.lines.count))
        while figures.kills < kills {
            guard figures.clientRuns < kills * 3 else { throw ProbeFailure("only \(figures.kills) of \(figures.clientRuns) client kills landed") }
            try editServer()
            let output = Pipe()
            let client = try ProbeProcess.start(probe, clientArguments(rounds: rounds), output: output)
            figures.clientRuns += 1
            let reader = output.fileHandleForReading
            var said = Data()
            let wait = Int.random(in: 0..<clean.lines.count, using: &random)
            while said.count(where: { $0 == UInt8(ascii: "\n") }) < wait {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                said.append(chunk)
            }
            Thread.sleep(forTimeInterval: Double(Int64.random(in: 0...figures.maximumDelay, using: &random)) / 1000)
            kill(client.processIdentifier, SIGKILL)
            said.append(reader.readDataToEndOfFile())
            client.waitUntilExit()
            let lines = String(decoding: said, as: UTF8.self).split(separator: "\n")
            figures.repeats += lines.count(where: { $0 == "repeat" })
            guard client.terminationReason == .uncaughtSignal else { continue }
            figures.kills += 1
            figures.places[lines.last?.split(separator: " ").first.map(String.init) ?? "none", default: 0] += 1
            try recoverAtRandom(into: &figures)
        }
        return figures
    }

    /// Runs the client, its transport killing every other server process on average after a
    /// random delay of up to twice a request's average time in a run without kills, until
    /// `kills` kills have landed.
    /// - Throws: ``ProbeFailure`` when a client run fails, or kills stop landing.
    public mutating func killServers(_ kills: Int, rounds: Int = 3) throws -> Figures {
        var figures = Figures()
        let clean = try cleanClientRun(rounds: rounds)
        let requests = clean.lines.compactMap { $0.hasPrefix("answered ") ? Int64($0.dropFirst(9)) : nil }
        figures.cleanRun = clean.milliseconds
        figures.maximumDelay = 2 * requests.reduce(0, +) / Int64(max(1, requests.count))
        while figures.kills < kills {
            guard figures.clientRuns < kills * 3 else { throw ProbeFailure("only \(figures.kills) server kills landed in \(figures.clientRuns) client runs") }
            try editServer()
            let result = try ProbeProcess.run(probe, clientArguments(rounds: rounds, kills: (Int(figures.maximumDelay), kills - figures.kills)))
            figures.clientRuns += 1
            guard result.status == 0 else { throw ProbeFailure("a client run failed in \(directory.path): \(result.output)") }
            let kills = figures.kills
            for line in result.output.split(separator: "\n") {
                if line == "repeat" { figures.repeats += 1 }
                guard line.hasPrefix("killed ") else { continue }
                figures.kills += 1
                figures.places[String(line.dropFirst(7)), default: 0] += 1
            }
            if figures.kills > kills { try recoverAtRandom(into: &figures) }
        }
        return figures
    }

    /// After one kill in three, at random: syncs without kills and checks (``finish()``).
    private mutating func recoverAtRandom(into figures: inout Figures) throws {
        guard random.next() % 3 == 0 else { return }
        figures.recoveries.append(try finish())
    }
}
