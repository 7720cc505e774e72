import Testing

@Suite struct ModelActorMacroTests {
    @Test func actorGetsContainerAndExecutor() {
        assertExpansion(
            """
            @ModelActor actor Worker {
                func run() {}
            }
            """,
            expandsTo: expectedModelActor("Worker", declaration: "actor Worker", members: "func run() {}")
        )
    }

    @Test func existingConformanceIsNotRepeated() {
        assertExpansion(
            """
            @ModelActor public actor Importer: ModelActor {}
            """,
            expandsTo: expectedModelActor("Importer", declaration: "public actor Importer: ModelActor", addsConformance: false)
        )
    }
}
