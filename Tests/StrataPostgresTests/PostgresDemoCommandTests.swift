import Foundation
import StrataMigrationProbeSupport
import Testing

/// `strata demo` on PostgreSQL, through the built tool.
@Suite struct PostgresDemoCommandTests {
    /// The demo names its schema only once it exists.
    @Test func theDemoNamesNoSchemaWhenItCannotConnect() throws {
        let port = try TestCluster.freePort()
        let result = try ProbeProcess.run(strata, ["demo", "--store", "postgres://strata@127.0.0.1:\(port)/strata"])
        #expect(result.status != 0)
        #expect(!result.output.contains("schema"), "\(result.output)")
        #expect(result.output.hasPrefix("Error: cannot open a store at postgres://strata@127.0.0.1:\(port)/strata?sslmode=prefer: "), "\(result.output)")
        #expect(result.output.split(separator: "\n").count == 1, "\(result.output)")
    }
}
