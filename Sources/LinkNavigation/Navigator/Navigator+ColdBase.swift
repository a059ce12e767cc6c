import LinkRouting

extension Navigator {
    /// The entry a modal layer opened on an empty session sits on: the root screen of the screen
    /// the link leads to (through its route's redirects), with the params it declares from the
    /// link. `nil` when the link leads to no screen within the redirect limit.
    func coldBase(for match: RouteMatch, number: Int) throws(NavigationFailure) -> StackEntry? {
        var landing = match
        for _ in 0...config.redirectLimit {
            switch config.bindings[landing.route.index].target {
            case .screen(let name, _):
                guard let destination = config.resolver.graph[name],
                    let root = config.resolver.graph.chain(to: destination).first
                else { return nil }
                do {
                    let params = try config.resolver.entryParams(root, EntryParams(match: landing))
                    return StackEntry(number: number, screen: root.name, params: params, presentation: .root)
                } catch {
                    throw .navigation(error)
                }
            case .redirect(let template):
                guard let target = try? RedirectTarget.expand(template, match: landing, from: landing.url),
                    let next = try? matchURL(LinkText(target))
                else { return nil }
                landing = next
            }
        }
        return nil
    }

    /// Shows the modal screen `name` an interceptor chose instead of the link's destination, on an
    /// empty session: like a flow's layer, it sits on the root screen of the screen the link leads
    /// to (`base`), so that closing it leaves the user somewhere. The screen gets the link's params.
    func showCold(
        _ name: String,
        on base: StackEntry,
        strategy: Strategy,
        _ request: Request,
        _ session: Session,
        _ match: RouteMatch,
        _ redirects: [String],
        _ records: [InterceptorRecord]
    ) throws(NavigationFailure) -> NavigationOutcome {
        let destination = Destination(screen: name, params: EntryParams(match: match), via: request.via)
        let placed: Resolution
        do {
            placed = try config.resolver.resolve(
                destination,
                strategy: strategy,
                stack: [base],
                nextEntryNumber: session.nextEntryNumber + 1
            )
        } catch {
            throw .navigation(error)
        }
        var next = session
        next.stack = placed.stack
        let resolution = Resolution(old: session.stack, new: next.stack, nextEntryNumber: placed.nextEntryNumber)
        next.settle(after: resolution)
        return NavigationOutcome(
            status: .redirectedScreen,
            match: match,
            routeParams: EntryParams(match: match),
            redirects: redirects,
            interceptors: records,
            resolution: resolution,
            session: next
        )
    }
}
