import Observation

/// A live query's latest answer as an `@Observable` value, on the main actor: for code that
/// reads through Observation (`withObservationTracking`, or a SwiftUI view on Apple platforms)
/// rather than iterating ``LiveQuery`` itself.
/// ```swift
/// let open = ObservedResults(FetchDescriptor<Ticket>(predicate: #Predicate { $0.isOpen }), in: container.mainContext)
/// // `open.results` changes after each commit that may change the answer.
/// ```
@MainActor @Observable
public final class ObservedResults<Model: PersistentModel> {
    /// The latest answer; empty until the first read.
    public private(set) var results: [Model] = []
    /// The error that ended the query, if one did.
    public private(set) var error: (any Error)?
    @ObservationIgnored private var task: Task<Void, Never>?

    /// Starts following `descriptor` through `context` (a context of the main actor).
    public init(_ descriptor: FetchDescriptor<Model>, in context: ModelContext) {
        let query = context.liveResults(for: descriptor)
        task = Task { [weak self] in
            do {
                for try await answer in query { self?.results = answer }
            } catch {
                self?.error = error
            }
        }
    }

    /// Stops following the query (it also stops when this object goes away).
    public func stop() {
        task?.cancel()
    }

    isolated deinit {
        task?.cancel()
    }
}
