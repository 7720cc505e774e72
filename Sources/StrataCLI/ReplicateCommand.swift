import ArgumentParser
import Foundation

/// `strata replicate`: a server store and two edge SQLite stores edit offline, sync, settle a
/// conflict and a deletion, and end equal — each step printed (docs/replication.md).
struct ReplicateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replicate",
        abstract: "Replicate notes between a server store and two edge SQLite stores in one process, printing each step."
    )

    @Option(
        help: ArgumentHelp(
            "A postgres:// URL for the server's store (the demo writes to a new schema).",
            discussion: "Default: a SQLite file in a temporary directory, like the two edge stores.",
            valueName: "postgres://…"))
    var server: String?

    func run() async throws {
        try await ReplicationDemo(serverURL: server).run()
    }
}
