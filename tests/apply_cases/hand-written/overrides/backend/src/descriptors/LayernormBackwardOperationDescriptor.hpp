// A developer's own header at the path the generator writes: apply must not replace it silently.
#pragma once
