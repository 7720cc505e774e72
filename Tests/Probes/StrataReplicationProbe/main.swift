import Foundation
import StrataReplicationProbeSupport
import StrataSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// `StrataReplicationProbe`: a replication client and its server, each request of which runs in
// a process of its own, so a test can SIGKILL the client or the server at random points of a
// sync (see `ReplicationFaultRun`).
//
//   StrataReplicationProbe serve-push <serverStore>          PushBatch JSON on stdin → PushResult JSON
//   StrataReplicationProbe serve-pull <serverStore> <since|-> <client> <schemaDigest>   → ChangePage JSON
//   StrataReplicationProbe client <clientStore> <serverStore> <seed> <log> <rounds> [<kill ms> <kills>]
//   StrataReplicationProbe sync <clientStore> <serverStore>  one sync; exits 1 if it fails
//
// A server request the server refuses exits with status 3 and answers the ReplicationError's
// JSON; any other failure exits 1 with a message on standard error.

signal(SIGPIPE, SIG_IGN)
let arguments = CommandLine.arguments
let probe = URL(fileURLWithPath: arguments[0])
func argument(_ index: Int) -> String {
    guard index < arguments.count else {
        FileHandle.standardError.write(Data("usage: see Tests/Probes/StrataReplicationProbe/main.swift\n".utf8))
        exit(2)
    }
    return arguments[index]
}

do {
    switch argument(1) {
    case "serve-push":
        FileHandle.standardOutput.write(try ProbeServer.push(store: argument(2), input: FileHandle.standardInput.readDataToEndOfFile()))
    case "serve-pull":
        FileHandle.standardOutput.write(try ProbeServer.pull(store: argument(2), since: argument(3), client: argument(4), schema: argument(5)))
    case "client":
        let kills = arguments.count > 8 ? (maximumDelay: Int(argument(7)) ?? 0, count: Int(argument(8)) ?? 0) : nil
        try await ProbeClient.run(
            probe: probe, store: argument(2), server: argument(3), seed: UInt64(argument(4)) ?? 0, log: argument(5), rounds: Int(argument(6)) ?? 0,
            kills: kills)
    case "sync":
        try await ProbeClient.sync(probe: probe, store: argument(2), server: argument(3))
    default:
        FileHandle.standardError.write(Data("unknown command \(argument(1))\n".utf8))
        exit(2)
    }
} catch let error as ReplicationError {
    FileHandle.standardOutput.write((try? JSONSerialization.data(withJSONObject: error.json)) ?? Data())
    exit(ProbeServer.replicationErrorStatus)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
