import Foundation

/// The `strata` tool built beside the tests, for the tests that run it as a user does.
let strata = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("strata")
