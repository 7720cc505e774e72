import Foundation
import StrataCore

/// Fetches the models of a type whose identity attribute holds one of some values, with a
/// `contains` predicate the store runs (`IN (…)` on SQL stores), in runs of 1,000 values: how an
/// import that touches a few rows finds them without reading the whole table.
enum RemoteIDFetch {
    /// The stored models of `type` whose value at `keyPath` is one of `ids`; `nil` when the
    /// identity's type is not one this can fetch by (integers, strings, UUIDs, optional or not).
    /// - Throws: the fetch's error.
    static func models<Model: PersistentModel>(of type: Model.Type, at keyPath: AnyKeyPath, ids: [Any], in context: ModelContext) throws -> [any PersistentModel]? {
        switch keyPath {
        case let path as KeyPath<Model, String>: try fetch(path, ids.compactMap { $0 as? String }, context)
        case let path as KeyPath<Model, Int>: try fetch(path, ids.compactMap { $0 as? Int }, context)
        case let path as KeyPath<Model, Int64>: try fetch(path, ids.compactMap { $0 as? Int64 }, context)
        case let path as KeyPath<Model, UUID>: try fetch(path, ids.compactMap { $0 as? UUID }, context)
        case let path as KeyPath<Model, String?>: try fetch(path, ids.compactMap { ($0 as? String).map(Optional.some) }, context)
        case let path as KeyPath<Model, Int?>: try fetch(path, ids.compactMap { ($0 as? Int).map(Optional.some) }, context)
        case let path as KeyPath<Model, Int64?>: try fetch(path, ids.compactMap { ($0 as? Int64).map(Optional.some) }, context)
        case let path as KeyPath<Model, UUID?>: try fetch(path, ids.compactMap { ($0 as? UUID).map(Optional.some) }, context)
        default: nil
        }
    }

    private static func fetch<Model: PersistentModel, Value: Equatable & Codable & Sendable>(
        _ keyPath: KeyPath<Model, Value>, _ ids: [Value], _ context: ModelContext
    ) throws -> [any PersistentModel] {
        // A key path taken from the schema is immutable; the predicate needs it as `Sendable`.
        let path = unsafeBitCast(keyPath, to: (KeyPath<Model, Value> & Sendable).self)
        var models: [any PersistentModel] = []
        var start = 0
        while start < ids.count {
            let run = Array(ids[start..<min(start + 1_000, ids.count)])
            models += try context.fetch(FetchDescriptor(predicate: Predicate<Model> { model in
                PredicateExpressions.build_contains(
                    PredicateExpressions.build_Arg(run), PredicateExpressions.build_KeyPath(root: PredicateExpressions.build_Arg(model), keyPath: path))
            })) as [any PersistentModel]
            start += run.count
        }
        return models
    }
}
