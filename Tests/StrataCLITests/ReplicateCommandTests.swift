import Foundation
import Testing

/// `strata replicate` through the built tool: the conflict and the deletion settle, and the three
/// stores end equal.
@Suite struct ReplicateCommandTests {
    @Test func theDemoEndsWithThreeEqualStores() throws {
        let result = try runStrata(["replicate"], in: FileManager.default.temporaryDirectory)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("server  n1: Order filters (kiosk, 10:02)\n"), "\(result.output)")
        #expect(result.output.contains("tablet  n1: Order filters (kiosk, 10:02)\n"), "\(result.output)")
        #expect(result.output.contains("all three stores agree"), "\(result.output)")
    }
}
