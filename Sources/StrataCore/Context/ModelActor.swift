import Dispatch

/// An executor that owns a model context; see ``ModelActor``.
public protocol ModelExecutor: AnyObject, Executor {
    var modelContext: ModelContext { get }
}

/// A model executor that runs its jobs one at a time.
public protocol SerialModelExecutor: ModelExecutor, SerialExecutor {}

/// Runs a model actor's jobs on a private serial dispatch queue, off Swift's cooperative pool,
/// so a store's blocking I/O never stalls other tasks.
public final class DefaultSerialModelExecutor: SerialModelExecutor, @unchecked Sendable {
    public let modelContext: ModelContext
    private let queue = DispatchQueue(label: "Strata.ModelActor")
    private static let marker = DispatchSpecificKey<Bool>()

    public init(modelContext: ModelContext) {
        self.modelContext = modelContext
        queue.setSpecific(key: Self.marker, value: true)
    }

    /// Whether the caller runs on a model actor's queue, where blocking I/O stalls no other
    /// task; a store may then do its I/O on the calling thread.
    public static var isRunningOnModelActorQueue: Bool {
        DispatchQueue.getSpecific(key: marker) ?? false
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}

/// An actor with its own ``ModelContext``; declare one with `@ModelActor`.
///
/// ```swift
/// @ModelActor actor Importer {
///     func importTrips(_ names: [String]) throws {
///         for name in names { modelContext.insert(Trip(name: name, start: .now)) }
///         try modelContext.save()
///     }
/// }
/// ```
public protocol ModelActor: Actor {
    nonisolated var modelContainer: ModelContainer { get }
    nonisolated var modelExecutor: any ModelExecutor { get }
}

extension ModelActor {
    /// The actor runs on its model executor.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        (modelExecutor as! any SerialExecutor).asUnownedSerialExecutor()
    }

    /// The actor's own context.
    public var modelContext: ModelContext { modelExecutor.modelContext }

    /// The model with `identifier` in this actor's context, if it is of type `T`: `nil` when the
    /// store has no such row, or when its read fails (the context's next save or fetch throws
    /// that error).
    public subscript<T: PersistentModel>(identifier: PersistentIdentifier, as _: T.Type) -> T? {
        if let model: T = modelContext.registeredModel(for: identifier) { return model }
        return modelContext.loadModelRecordingFailure(identifier) as? T
    }
}
