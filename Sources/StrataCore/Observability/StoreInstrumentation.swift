import CoreMetrics
import Tracing

/// A container's metrics and spans for the calls its contexts make to the store.
///
/// Made once, when the container is created, from what the app bootstrapped: with neither a
/// metrics backend (`MetricsSystem.bootstrap`) nor a tracer (`InstrumentationSystem.bootstrap`)
/// there is none, and a call costs one `nil` check. Bootstrap before creating the container.
///
/// - Metrics: a timer `strata.operation.duration` and a counter `strata.operation.count`
///   (dimension `outcome`: `success` or `failure`), each with the dimensions `operation`
///   (`fetch`, `fetchCount`, `fetchIdentifiers`, `save`, `delete`) and `db.system.name`.
/// - Spans: one client span per call, named "<operation> <entity>", with OpenTelemetry's database
///   attributes `db.system.name`, `db.operation.name`, `db.collection.name` (the entity) and,
///   for a fetch, `db.response.returned_rows`; a failed call records its error.
final class StoreInstrumentation: Sendable {
    /// A context call that reaches the store.
    enum Operation: String, CaseIterable, Sendable {
        case fetch, fetchCount, fetchIdentifiers, save, delete
    }

    private let systemName: String
    private let tracer: (any Tracer)?
    private let durations: [Operation: CoreMetrics.Timer]
    private let counts: [Operation: (success: Counter, failure: Counter)]

    /// The instrumentation of a store reporting `systemName` to the given metrics factory and
    /// tracer (by default, what the app bootstrapped), or `nil` when both are no-ops.
    static func make(
        systemName: String, metrics factory: any MetricsFactory = MetricsSystem.factory, tracer: any Tracer = InstrumentationSystem.tracer
    ) -> StoreInstrumentation? {
        let metrics = factory is NOOPMetricsHandler ? nil : factory
        let tracer = tracer is NoOpTracer ? nil : tracer
        guard metrics != nil || tracer != nil else { return nil }
        return StoreInstrumentation(systemName: systemName, metrics: metrics, tracer: tracer)
    }

    private init(systemName: String, metrics factory: (any MetricsFactory)?, tracer: (any Tracer)?) {
        self.systemName = systemName
        self.tracer = tracer
        var durations: [Operation: CoreMetrics.Timer] = [:]
        var counts: [Operation: (Counter, Counter)] = [:]
        if let factory {
            for operation in Operation.allCases {
                let dimensions = [("operation", operation.rawValue), ("db.system.name", systemName)]
                durations[operation] = CoreMetrics.Timer(label: "strata.operation.duration", dimensions: dimensions, factory: factory)
                counts[operation] = (
                    Counter(label: "strata.operation.count", dimensions: dimensions + [("outcome", "success")], factory: factory),
                    Counter(label: "strata.operation.count", dimensions: dimensions + [("outcome", "failure")], factory: factory))
            }
        }
        self.durations = durations
        self.counts = counts
    }

    /// Starts measuring one call of `operation` on `entity` (`nil`: a save, of any entities).
    func begin(_ operation: Operation, entity: String?) -> Measurement {
        let name = entity.map { "\(operation.rawValue) \($0)" } ?? operation.rawValue
        let span = tracer?.startSpan(name, context: ServiceContext.current ?? .topLevel, ofKind: .client)
        span?.updateAttributes { attributes in
            attributes["db.system.name"] = systemName
            attributes["db.operation.name"] = operation.rawValue
            if let entity { attributes["db.collection.name"] = entity }
        }
        return Measurement(instrumentation: self, operation: operation, span: span, started: ContinuousClock.now)
    }

    /// One call being measured; ended exactly once with its outcome.
    struct Measurement {
        let instrumentation: StoreInstrumentation
        let operation: Operation
        let span: (any Span)?
        let started: ContinuousClock.Instant

        /// Records the call's duration and outcome; `rows` is what a fetch returned.
        func end(rows: Int? = nil, error: (any Error)? = nil) {
            let elapsed = ContinuousClock.now - started
            instrumentation.durations[operation]?.recordNanoseconds(
                elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
            if let counters = instrumentation.counts[operation] { (error == nil ? counters.success : counters.failure).increment() }
            guard let span else { return }
            if let rows { span.attributes["db.response.returned_rows"] = rows }
            if let error {
                span.recordError(error)
                span.setStatus(SpanStatus(code: .error))
                span.attributes["error.type"] = "\(type(of: error))"
            }
            span.end()
        }
    }
}
