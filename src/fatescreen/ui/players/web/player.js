// The player view's page: textual-serve's terminal script connects to the websocket named
// here (on the address the browser used, so no address is written into the page), and the
// reopen button reloads the page once the view has closed.
"use strict";
document.getElementById("terminal").dataset.sessionWebsocketUrl =
  (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
document.getElementById("reopen").addEventListener("click", () => location.reload());
