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
    /// The context's container, which usually outlives it (one container per process, a context
    /// per request): through its store a fetched model whose context is gone still loads what a
    /// partial fetch left out (``storedValue(of:at:)``).
    private(set) weak var container: ModelContainer?

    /// Connects the owner to the context that created it (a context creates its owner before
    /// it can refer to itself, so connecting is a step of its own).
    func connect(_ context: ModelContext) {
        resolver = context
        self.context = context
        container = context.container
        inbox = context.inbox
    }

    /// The context's inbox of other contexts' changes, which a property read checks first.
    private(set) var inbox: MergeInbox?

    /// Connects the owner to the evaluation graph (or other resolver) that created it.
    func connect(_ resolver: any ModelResolver) {
        self.resolver = resolver
    }

    /// Lets models without a context read through `container`'s store (a graph of models
    /// loaded for a model whose context is gone).
    func keepReading(through container: ModelContainer) {
        self.container = container
    }
}
