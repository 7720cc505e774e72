import Testing

@Suite struct ModelActorMacroTests {
    @Test func actorGetsContainerAndExecutor() {
        assertExpansion(
            """
            @ModelActor actor Worker {
                func run() {}
            }
            """,
            expandsTo: """
            actor Worker {
                func run() {}

                nonisolated public let modelExecutor: any StrataCore.ModelExecutor

                nonisolated public let modelContainer: StrataCore.ModelContainer

                public init(modelContainer: StrataCore.ModelContainer) {
                    let modelContext = StrataCore.ModelContext(modelContainer)
                    self.modelExecutor = StrataCore.DefaultSerialModelExecutor(modelContext: modelContext)
                    self.modelContainer = modelContainer
                }
            }

            extension Worker: StrataCore.ModelActor {
            }
            """
        )
    }

    @Test func existingConformanceIsNotRepeated() {
        assertExpansion(
            """
            @ModelActor public actor Importer: ModelActor {}
            """,
            expandsTo: """
            public actor Importer: ModelActor {

                nonisolated public let modelExecutor: any StrataCore.ModelExecutor

                nonisolated public let modelContainer: StrataCore.ModelContainer

                public init(modelContainer: StrataCore.ModelContainer) {
                    let modelContext = StrataCore.ModelContext(modelContainer)
                    self.modelExecutor = StrataCore.DefaultSerialModelExecutor(modelContext: modelContext)
                    self.modelContainer = modelContainer
                }
            }
            """
        )
    }
}
