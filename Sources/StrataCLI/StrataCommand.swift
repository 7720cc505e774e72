import ArgumentParser

/// The `strata` tool: a guided demo of Strata's semantics and the conformance suite runner.
@main
struct StrataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "SwiftData's model layer on Linux: try it, and check a store against the conformance suite.",
        subcommands: [DemoCommand.self, ConformanceCommand.self]
    )
}
