/// The context (or evaluation graph) that models' backing data is attached to, shared by all of
/// them.
///
/// Each backing data holds this object strongly and the object holds its owner weakly: attaching
/// a model stores one reference instead of forming two weak references per model (which cost a
/// fetch of 100,000 models about 13 ms), and a model that outlives its context still sees it gone.
final class ModelOwner {
    /// What the attached models report changes to and resolve relationships through.
    private(set) weak var resolver: (any ModelResolver)?
    /// The context, when the owner is one (`nil` for an evaluation graph, or once deallocated).
    private(set) weak var context: ModelContext?

    /// Connects the owner to the context that created it (a context creates its owner before
    /// it can refer to itself, so connecting is a step of its own).
    func connect(_ context: ModelContext) {
        resolver = context
        self.context = context
        inbox = context.inbox
    }

    /// The context's inbox of other contexts' changes, which a property read checks first.
    private(set) var inbox: MergeInbox?

    /// Connects the owner to the evaluation graph (or other resolver) that created it.
    func connect(_ resolver: any ModelResolver) {
        self.resolver = resolver
    }
}
