import StrataCore

/// Changes a store must refuse on open: a typed `schemaMismatch` that names what differs, and
/// the stored rows untouched, so the previous version still opens and reads them.
extension EvolutionCases {
    static let conflicts: [ConformanceCase] = [
        conflict("removedAttribute", EvolutionRemovedAttribute.types, lists: ["Gizmo", "quantity"]),
        conflict("changedType", EvolutionChangedType.types, lists: ["Gizmo", "quantity"]),
        conflict("requiredAttribute", EvolutionRequiredAttribute.types, lists: ["Gizmo", "serial"]),
        conflict("everyDifferenceListed", EvolutionSeveralConflicts.types, lists: ["Gizmo", "quantity", "serial"]),
    ]

    /// Opening version 1's store with `types` throws `schemaMismatch` whose message names each
    /// of `lists`; version 1 then reads and writes as before (so nothing, not even an additive
    /// part of the change, was applied).
    static func conflict(_ detail: String, _ types: [any PersistentModel.Type], lists names: [String]) -> ConformanceCase {
        ConformanceCase("\(category).conflict.\(detail)", category: category, requires: evolving) { environment in
            let configuration = try seedVersion1(environment)
            let error = try Check.throwsError("opening the changed schema throws schemaMismatch", matching: { ($0 as? SwiftDataError) == .schemaMismatch }) {
                _ = try environment.makeContainer(for: types, configuration: configuration)
            }
            let message = (error as? SwiftDataError)?.message ?? ""
            for name in names {
                try Check.that(message.contains(name), "the schemaMismatch message names \(name): \(message)")
            }
            try checkVersion1Untouched(environment, configuration)
        }
    }
}
