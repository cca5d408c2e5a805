"""The HTTP and websocket routes of the server, one ``APIRouter`` per concern."""
