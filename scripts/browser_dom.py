#!/usr/bin/env python3
"""Opens a file in headless Chromium over the DevTools protocol (--remote-debugging-pipe, no extra package) and
prints a JSON object: the rendered DOM (what --dump-dom prints), the console messages and exceptions, and every
request the page made. With --no-js, script execution is disabled before the page loads (the --blink-settings
switch cannot be combined with --dump-dom in today's headless mode, which serializes the DOM with script).

    python3 scripts/browser_dom.py CHROMIUM FILE.html [--no-js] [--screenshot OUT.png]
"""
import base64, json, os, subprocess, sys, tempfile, time


def child_fds(read_end, write_end):
    # Move both ends clear of 3 and 4 first (a pipe may already sit there), then onto 3 and 4, inheritable.
    high_read, high_write = os.dup(read_end) + 100, os.dup(write_end) + 100
    os.dup2(read_end, high_read)
    os.dup2(write_end, high_write)
    os.dup2(high_read, 3)
    os.dup2(high_write, 4)
    os.set_inheritable(3, True)
    os.set_inheritable(4, True)


def main():
    browser, path = sys.argv[1], os.path.realpath(sys.argv[2])
    no_js = "--no-js" in sys.argv
    shot = sys.argv[sys.argv.index("--screenshot") + 1] if "--screenshot" in sys.argv else None
    url = "file://" + path
    to_chrome_r, to_chrome_w = os.pipe()
    from_chrome_r, from_chrome_w = os.pipe()
    profile = tempfile.mkdtemp(prefix="browser-check-")
    # fd 3: Chromium reads commands; fd 4: it writes answers. No name resolves, so nothing can leave the machine.
    proc = subprocess.Popen(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
         "--mute-audio", "--hide-scrollbars", "--window-size=1280,1100", "--host-resolver-rules=MAP * ~NOTFOUND",
         "--user-data-dir=" + profile, "--remote-debugging-pipe", "about:blank"],
        close_fds=False, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=lambda: child_fds(to_chrome_r, from_chrome_w))
    os.close(to_chrome_r)
    os.close(from_chrome_w)
    writer = os.fdopen(to_chrome_w, "wb", buffering=0)
    reader = os.fdopen(from_chrome_r, "rb", buffering=0)
    buffer = b""
    next_id = [0]
    events = []

    def read_message(deadline):
        nonlocal buffer
        while b"\0" not in buffer:
            if time.time() > deadline:
                raise TimeoutError("no answer from chromium")
            chunk = reader.read(65536)
            if not chunk:
                raise EOFError("chromium closed the pipe")
            buffer += chunk
        raw, buffer = buffer.split(b"\0", 1)
        return json.loads(raw)

    def send(method, params=None, session=None, timeout=20):
        next_id[0] += 1
        message = {"id": next_id[0], "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        writer.write(json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            answer = read_message(deadline)
            if answer.get("id") == next_id[0]:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            events.append(answer)

    def wait_for(name, timeout=20):
        deadline = time.time() + timeout
        for event in events:
            if event.get("method") == name:
                return
        while True:
            event = read_message(deadline)
            events.append(event)
            if event.get("method") == name:
                return

    try:
        target = send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            send(domain + ".enable", session=session)
        if no_js:
            send("Emulation.setScriptExecutionDisabled", {"value": True}, session=session)
        send("Page.navigate", {"url": url}, session=session)
        wait_for("Page.loadEventFired")
        time.sleep(0.3)  # let the page's own script (the filter) run
        root = send("DOM.getDocument", {"depth": -1}, session=session)["root"]
        dom = send("DOM.getOuterHTML", {"nodeId": root["nodeId"]}, session=session)["outerHTML"]
        if shot:
            data = send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False}, session=session)["data"]
            with open(shot, "wb") as f:
                f.write(base64.b64decode(data))
        send("Runtime.evaluate", {"expression": "1"}, session=session) if not no_js else None
    finally:
        try:
            writer.write(json.dumps({"id": 999999, "method": "Browser.close"}).encode() + b"\0")
        except OSError:
            pass
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()

    console = []
    requests = []
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.consoleAPICalled":
            console.append(params.get("type", "") + ": " + " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
        elif method == "Runtime.exceptionThrown":
            console.append("exception: " + params.get("exceptionDetails", {}).get("text", ""))
        elif method == "Log.entryAdded":
            entry = params.get("entry", {})
            console.append(entry.get("level", "") + ": " + entry.get("text", ""))
        elif method == "Network.requestWillBeSent":
            requests.append(params.get("request", {}).get("url", ""))
    print(json.dumps({"dom": dom, "console": console, "requests": requests}))


if __name__ == "__main__":
    main()
