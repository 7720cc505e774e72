import Hummingbird
import ServerAPI
import Strata
import Testing
@testable import StrataServer

/// Strata's typed errors map to the status a client should act on. (The store errors a route
/// can provoke on SQLite are covered end to end in ProjectRoutesTests; PostgreSQL's errors have
/// no public initializer, so their mapping follows the same `category` switch.)
@Suite struct ErrorMappingTests {
    @Test(arguments: [
        (SwiftDataError.deleteRuleViolation, HTTPResponse.Status.conflict, "deleteRuleViolation"),
        (SwiftDataError.constraintViolation, .conflict, "constraintViolation"),
        (SwiftDataError.modelNotFound, .notFound, "notFound"),
        (SwiftDataError.missingValue, .badRequest, "missingValue"),
        (SwiftDataError.valueNotEncodable, .badRequest, "valueNotEncodable"),
        (SwiftDataError.schemaMismatch, .internalServerError, "internal"),
    ])
    func swiftDataErrors(error: SwiftDataError, status: HTTPResponse.Status, code: String) {
        let mapped = APIError(strata: error)
        #expect(mapped?.status == status)
        #expect(mapped?.code == code)
    }

    @Test func dataStoreErrors() {
        #expect(APIError(strata: DataStoreError.invalidPredicate)?.status == .badRequest)
        #expect(APIError(strata: DataStoreError.unsupportedFeature)?.status == .notImplemented)
        #expect(APIError(strata: DataStoreError.preferInMemoryFilter) == .internal)
    }

    @Test func otherErrorsAreNotStrataErrors() {
        struct Unrelated: Error {}
        #expect(APIError(strata: Unrelated()) == nil)
    }

    /// A server-side failure says nothing about its SQL: the 500's message is fixed.
    @Test func aServerFailureHidesItsDetail() {
        #expect(APIError(strata: SwiftDataError.schemaMismatch.with("table Item has column x")) == .internal)
        #expect(!APIError.internal.message.contains("Item"))
    }
}
