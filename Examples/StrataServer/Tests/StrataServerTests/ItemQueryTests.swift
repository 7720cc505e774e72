import Foundation
import Hummingbird
import HummingbirdCore
import ServerAPI
import Strata
import Testing
@testable import StrataServer

@Suite struct ItemQueryTests {
    @Test func readsEveryParameter() throws {
        let query = try ItemQuery(URI("/items?done=true&minPriority=2&projectId=7&sort=createdAt&order=desc&limit=20&offset=40").queryParameters)
        var expected = ItemQuery()
        expected.done = true
        expected.minPriority = 2
        expected.projectID = 7
        expected.sort = .createdAt
        expected.descending = true
        expected.limit = 20
        expected.offset = 40
        #expect(query == expected)
        #expect(try ItemQuery(URI("/items").queryParameters) == ItemQuery())
    }

    /// Every filter, sort and window runs in SQL, with and without each optional filter, so a list
    /// never reads the whole table into memory.
    @Test(arguments: ["", "?done=false", "?minPriority=3&sort=priority&order=desc&limit=20", "?projectId=1&done=true&sort=title&offset=5"])
    func runsEntirelyInSQL(query: String) throws {
        let service = try TestService()
        defer { try? FileManager.default.removeItem(at: service.directory) }
        let context = ModelContext(service.container)
        let explanation = try context.explain(try ItemQuery(URI("/items" + query).queryParameters).descriptor(in: context))
        #expect(explanation.predicate.allSatisfy { $0.placement == .store }, "\(explanation)")
        #expect(explanation.sort.allSatisfy { $0.placement == .store }, "\(explanation)")
        #expect(explanation.limit == .store, "\(explanation)")
        #expect(explanation.offset == nil || explanation.offset == .store, "\(explanation)")
        #expect(explanation.statements.count == 1, "\(explanation)")
    }
}
