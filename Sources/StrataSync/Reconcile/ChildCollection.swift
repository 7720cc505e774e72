import StrataCore

/// A to-many relationship of a ``Reconcilable`` parent whose children are reconciled with the
/// child records each parent record carries, within that parent only.
public struct ChildCollection<Parent: Reconcilable> {
    let reconcile: (Parent, Parent.Record, ReconcileRun) throws -> Void

    /// Reconciles `children` of each parent with `records(parentRecord)`, applying `deletion` to
    /// the parent's children the records leave out (default: delete them).
    public init<Child: Reconcilable>(
        _ children: ReferenceWritableKeyPath<Parent, [Child]>, records: @escaping (Parent.Record) -> [Child.Record],
        deletion: DeletionPolicy = .hardDeleteMissing
    ) {
        reconcile = { parent, record, run in
            let current = parent[keyPath: children]
            let kept = try run.reconcile(records(record), existing: current, deletion: deletion)
            if kept.map(ObjectIdentifier.init) != current.map(ObjectIdentifier.init) {
                parent[keyPath: children] = kept
            }
        }
    }
}
