import Foundation
import InMemoryTracing
import MetricsTestKit
@testable import StrataCore
import Strata
import Testing
import Tracing

/// Metrics and spans of the store calls contexts make, reported to what the container was given.
@Suite struct InstrumentationTests {
    private let metrics = TestMetrics()
    private let tracer = InMemoryTracer()

    private func makeContainer() throws -> ModelContainer {
        try ModelContainer(
            for: Schema([Trip.self, Stop.self]), migrationPlan: nil, configurations: [InMemoryConfiguration()],
            logger: ModelContainer.silentLogger, metrics: metrics, tracer: tracer)
    }

    @Test func withNothingBootstrappedThereIsNoInstrumentation() throws {
        let container = try ModelContainer(for: Trip.self, Stop.self, configurations: InMemoryConfiguration())
        #expect(container.instrumentation == nil)
    }

    @Test func fetchesAndSavesAreTimedCountedAndTraced() async throws {
        let context = ModelContext(try makeContainer())
        context.insert(Trip(name: "Lisbon", start: .now))
        context.insert(Trip(name: "Oslo", start: .now))
        // The synchronous calls (a synchronous function's), then an `async` one.
        func saveAndFetch() throws -> Int {
            try context.save()
            return try context.fetch(FetchDescriptor<Trip>()).count
        }
        #expect(try saveAndFetch() == 2)
        #expect(try await context.async.fetchCount(FetchDescriptor<Trip>()) == 2)

        let fetchDimensions = [("operation", "fetch"), ("db.system.name", "strata.in_memory")]
        #expect(try metrics.expectTimer("strata.operation.duration", fetchDimensions).values.count == 1)
        #expect(try metrics.expectCounter("strata.operation.count", fetchDimensions + [("outcome", "success")]).totalValue == 1)
        let saveDimensions = [("operation", "save"), ("db.system.name", "strata.in_memory")]
        #expect(try metrics.expectCounter("strata.operation.count", saveDimensions + [("outcome", "success")]).totalValue == 1)

        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName) == ["save", "fetch Trip", "fetchCount Trip"])
        let fetch = try #require(spans.first { $0.operationName == "fetch Trip" })
        #expect(fetch.kind == .client)
        #expect(fetch.attributes.get("db.system.name") == .string("strata.in_memory"))
        #expect(fetch.attributes.get("db.collection.name") == .string("Trip"))
        #expect(fetch.attributes.get("db.response.returned_rows") == .int64(2))
    }

    @Test func aFailedCallIsCountedAsAFailureAndItsSpanRecordsTheError() throws {
        let context = ModelContext(try makeContainer())
        #expect(throws: SwiftDataError.self) { try context.fetch(FetchDescriptor<Stray>()) }
        let dimensions = [("operation", "fetch"), ("db.system.name", "strata.in_memory"), ("outcome", "failure")]
        #expect(try metrics.expectCounter("strata.operation.count", dimensions).totalValue == 1)
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.operationName == "fetch Stray")
        #expect(span.status?.code == .error)
        #expect(span.errors.count == 1)
    }

    @Test func aCallInsideAnotherSpanBecomesItsChild() async throws {
        let context = ModelContext(try makeContainer())
        try await tracer.withSpan("GET /trips") { _ in
            _ = try await context.async.fetch(FetchDescriptor<Trip>())
        }
        let spans = tracer.finishedSpans
        let request = try #require(spans.first { $0.operationName == "GET /trips" })
        let fetch = try #require(spans.first { $0.operationName == "fetch Trip" })
        #expect(fetch.parentSpanID == request.spanID)
        #expect(fetch.traceID == request.traceID)
    }
}
