/// The results of a fetch in batches: SwiftData's `FetchResultsCollection`.
///
/// The identifiers of every result are fetched at once; models are loaded a batch at a time,
/// when an index in that batch is first read, so a scan holds one or two batches of models, not
/// all of them:
///
/// ```swift
/// for trip in try context.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.start)]), batchSize: 1_000) {
///     report.add(trip)
/// }
/// ```
///
/// Within a batch the models are the context's registered objects (fetching the same row again
/// returns the same object). When the collection moves on, a model of the batch it leaves that
/// nobody else holds and that has no unsaved changes is unregistered and freed; reading its
/// index again loads a new object for the row. A model that is still held somewhere, or that
/// changed, stays registered, so it is never duplicated.
///
/// A collection belongs to its context's isolation domain. A batch that cannot be loaded (the
/// store failed) stops the program with the store's error: a collection's subscript cannot
/// throw. Use ``ModelContext/fetch(_:)`` where such errors must be handled.
public struct FetchResultsCollection<Element>: RandomAccessCollection {
    /// How many results there are.
    public let count: Int
    private let element: (Int) -> Element

    init(count: Int, element: @escaping (Int) -> Element) {
        self.count = count
        self.element = element
    }

    /// Always 0.
    public var startIndex: Int { 0 }

    /// ``count``.
    public var endIndex: Int { count }

    /// The result at `position`, loading its batch if needed.
    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "index \(position) is out of bounds 0..<\(count)")
        return element(position)
    }
}
