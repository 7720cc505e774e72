import ArgumentParser

/// The `strata` tool: a guided demo of Strata's semantics and the conformance suite runner.
@main
struct StrataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "SwiftData's model layer on Linux: try it, see how a store runs a fetch, and check a store against the conformance suite.",
        subcommands: [DemoCommand.self, ExplainCommand.self, ConformanceCommand.self, SchemaCommand.self, MigrateCommand.self, ReplicateCommand.self]
    )
}
